/**
 * Response shapes: the declared key tree of each API resource and the normaliser that turns any
 * feed record (with any subset of keys, loosely typed) into the canonical tree the API returns:
 * every key present in the documented order, missing values as null, values coerced to their
 * declared types.
 *
 * <p>Depends on Jackson and the JDK only.
 */
package io.keybox.schema.shape;
