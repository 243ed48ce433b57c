/**
 * Summaries of JFR recordings: where the execution samples of the indexer and the server fall.
 * Depends only on the JDK's {@code jdk.jfr.consumer} API.
 */
package io.keybox.bench.profile;
