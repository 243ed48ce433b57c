package io.keybox.app.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The least duration a {@link DurationConverter} option accepts, written once beside the option:
 * {@link Cli} refuses a shorter value with one line naming the option, the value and the range.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface DurationRange {
  long minMillis();
}
