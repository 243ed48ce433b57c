/**
 * What the Keybox commands share on top of picocli: the exit codes and the handlers that print
 * every failure as one line in the command's {@link io.keybox.app.cli.Wording}, option {@link
 * io.keybox.app.cli.Range}s, the check-only mode used on the docs' command lines, and the help
 * layout. Depends on picocli and the JDK only.
 */
package io.keybox.app.cli;
