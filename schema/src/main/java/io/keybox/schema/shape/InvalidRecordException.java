package io.keybox.schema.shape;

/**
 * A feed record that cannot be turned into its resource: a value of the wrong type, out of range,
 * or a required value missing. The message names the JSON path and the bad value.
 */
public final class InvalidRecordException extends Exception {
  private final String path;
  private final String reason;

  public InvalidRecordException(String path, String reason) {
    super(path + ": " + reason);
    this.path = path;
    this.reason = reason;
  }

  /** Why the value is bad, without the path. */
  public String reason() {
    return reason;
  }

  /** The dotted JSON path of the offending value, e.g. {@code geo.lat}. */
  public String path() {
    return path;
  }
}
