/**
 * The RESO Data Dictionary side of the index contract: one table per RESO resource (Property,
 * OpenHouse, Member) whose rows say which Keybox path each RESO field fills, how, its Data
 * Dictionary type and the Lucene field that filters on it. The indexer maps RESO records in with
 * these rows; the server's RESO Web API serves their inverse. Also the two vocabularies Keybox
 * holds in its own codes ({@link io.keybox.schema.reso.ResoVocabulary}).
 *
 * <p>Depends on {@code io.keybox.schema.field}, {@code io.keybox.schema.listing}, {@code
 * io.keybox.schema.openhouse} and {@code io.keybox.schema.agent} only.
 */
package io.keybox.schema.reso;
