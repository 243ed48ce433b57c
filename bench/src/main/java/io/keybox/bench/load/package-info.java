/**
 * The client harness every system is driven by: concurrent closed-loop clients, warm-up, a measured
 * window, latency percentiles from sorted samples. Knows systems only as {@link
 * io.keybox.bench.load.Target}s. Depends on {@code mix} and Jackson (to read answers for agreement
 * checks).
 */
package io.keybox.bench.load;
