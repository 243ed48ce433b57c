package io.keybox.server;

import io.keybox.server.auth.KeysCommand;
import java.util.Arrays;

/** The server's entry point: {@code serve} and {@code keys} (OPERATIONS.md §2). */
public final class ServerMain {
  private ServerMain() {}

  public static void main(String[] args) {
    String command = args.length == 0 ? "" : args[0];
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    int code =
        switch (command) {
          case "serve" -> ServeCommand.run(rest, System.out, System.err);
          case "keys" -> KeysCommand.run(rest, System.in, System.out, System.err);
          default -> {
            System.err.println(
                "keybox server: unknown command '" + command + "'; allowed: serve, keys");
            yield 1;
          }
        };
    if (code != 0 || !command.equals("serve")) {
      System.exit(code);
    }
  }
}
