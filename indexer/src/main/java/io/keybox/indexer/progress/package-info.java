/**
 * Progress of a long run ({@code keybox index}, {@code keybox pull}) for the person or the log
 * watching it: {@link io.keybox.indexer.progress.Progress}. Depends on the JDK only.
 */
package io.keybox.indexer.progress;
