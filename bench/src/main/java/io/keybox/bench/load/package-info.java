/**
 * The client harness every system is driven by: concurrent closed-loop clients, warm-up, a measured
 * window, latency percentiles from sorted samples. Knows systems only as {@link
 * io.keybox.bench.load.Target}s, and what every peer's answer is compared by ({@link
 * io.keybox.bench.load.AnswerKeys}, {@link io.keybox.bench.load.TileClusters}). Depends on {@code
 * mix}, Jackson (to read answers for agreement checks) and the server's {@code WebMercatorTile}.
 */
package io.keybox.bench.load;
