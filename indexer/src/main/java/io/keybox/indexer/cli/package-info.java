/**
 * Command-line entry points of the indexer: the {@code index} command. Depends on {@code build},
 * the schema module's option parser and the JDK.
 */
package io.keybox.indexer.cli;
