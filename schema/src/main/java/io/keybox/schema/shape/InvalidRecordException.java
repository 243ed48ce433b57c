package io.keybox.schema.shape;

/**
 * A feed record that cannot be turned into its resource: a value of the wrong type, out of range,
 * or a required value missing. The message names the JSON path and the bad value.
 */
public final class InvalidRecordException extends Exception {
  private final String path;

  public InvalidRecordException(String path, String reason) {
    super(path + ": " + reason);
    this.path = path;
  }

  /** The dotted JSON path of the offending value, e.g. {@code geo.lat}. */
  public String path() {
    return path;
  }
}
