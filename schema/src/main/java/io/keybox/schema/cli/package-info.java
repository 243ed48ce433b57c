/**
 * Command-line option parsing shared by the indexer's and the server's entry points, so every
 * command reports a mistake the same way: naming the option and what is allowed.
 *
 * <p>It lives in the schema artifact only because that is the one module both entry points depend
 * on; it knows nothing of fields or Lucene. Depends on the JDK only.
 */
package io.keybox.schema.cli;
