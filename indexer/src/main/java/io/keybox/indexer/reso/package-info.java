/**
 * RESO Data Dictionary feeds: the mapping of a RESO Property record onto the Listing shape, kept as
 * one declarative table ({@link io.keybox.indexer.reso.ResoListingMapping}) that
 * docs/reso-mapping.md mirrors (a test keeps the two equal). Depends on Jackson and the schema
 * module's vocabularies.
 */
package io.keybox.indexer.reso;
