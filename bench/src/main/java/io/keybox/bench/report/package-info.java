/**
 * What a run measured, the targets checked against it, and the two renderings: text tables
 * and JSON ({@code --out}, fields documented in bench/README.md). Depends on {@code load}, {@code
 * mix}, {@code keybox} (server memory) and Jackson.
 */
package io.keybox.bench.report;
