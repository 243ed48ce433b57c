package io.keybox.app.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole numbers a numeric option accepts, written once beside the option: {@link Cli} refuses a
 * value outside them (and one that is not a whole number) with one line naming the option, the
 * value and the range.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Range {
  long min();

  long max();
}
