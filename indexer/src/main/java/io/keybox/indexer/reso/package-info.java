/**
 * RESO Data Dictionary feeds: the mapping of RESO Property, OpenHouse and Member records onto the
 * Listing, Open house and Agent shapes, kept as declarative tables ({@link
 * io.keybox.indexer.reso.ResoListingMapping} and its siblings) that docs/reso-mapping.md mirrors (a
 * test keeps the two equal), plus the RESO keys a build needs beside the shapes: a listing's
 * ListingKey, an open house's OpenHouseKey and the ListingKey it names, MLS Grid's MlgCanView.
 * Depends on Jackson and the schema module's vocabularies.
 */
package io.keybox.indexer.reso;
