package io.keybox.bench.os;

/**
 * The stop of a server the bench started (a peer and its temporary directory), done at {@link
 * #close} or, when the bench ends before that (Ctrl-C, a failed class), at the JVM's exit, so no
 * peer outlives the bench. The work may run twice (close while the JVM is exiting): it must be
 * idempotent.
 */
public final class ExitCleanup implements AutoCloseable {
  private final Runnable work;
  private final Thread hook;

  /** Registers {@code work} to run at the JVM's exit, in a thread named {@code threadName}. */
  public ExitCleanup(String threadName, Runnable work) {
    this.work = work;
    this.hook = new Thread(work, threadName);
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** Does the work now, and no more at exit. */
  @Override
  public void close() {
    work.run();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: the hook is running or has run
    }
  }
}
