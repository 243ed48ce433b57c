package io.keybox.server.http.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SendThreadTest {
  @ParameterizedTest(name = "io thread {0}, dispatched {1}, transformed {2}, {3} bytes: {4}")
  @CsvSource({
    // The IO thread's lane always sends on its own thread, after the handler returns.
    "true,  false, false, 100,     THIS_IO_THREAD_AFTER_RETURN",
    "true,  false, true,  5000000, THIS_IO_THREAD_AFTER_RETURN",
    // A worker hands a plain body of any size to the IO thread: a copy to the socket.
    "false, false, false, 100,     CONNECTION_IO_THREAD",
    "false, false, false, 5000000, CONNECTION_IO_THREAD",
    // Compressed or encrypted: up to 128 KiB on the IO thread, larger from the worker.
    "false, false, true,  131072,  CONNECTION_IO_THREAD",
    "false, false, true,  131073,  THIS_WORKER",
    // Dispatched again by the handler: it ends off the IO thread anyway.
    "false, true,  false, 100,     THIS_WORKER",
    "false, true,  true,  100,     THIS_WORKER",
  })
  void theSendingThreadDependsOnWhereTheHandlerRanAndWhatTheBodyCosts(
      boolean onIoThread, boolean dispatched, boolean transformed, long length, SendThread want) {
    assertEquals(want, SendThread.choose(onIoThread, dispatched, transformed, length));
  }
}
