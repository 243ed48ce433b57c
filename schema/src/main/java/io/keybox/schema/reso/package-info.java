/**
 * The RESO Data Dictionary side of the index contract: one table per RESO resource (Property,
 * OpenHouse, Member) whose rows say which Keybox path each RESO field fills, how, its Data
 * Dictionary type and the Lucene field that filters on it. The indexer maps RESO records in with
 * these rows; the server's RESO Web API serves their inverse. Also the two vocabularies Keybox
 * holds in its own codes ({@link io.keybox.schema.reso.ResoVocabulary}), and the Media fields the
 * view makes of a listing's photos ({@link io.keybox.schema.reso.ResoMediaFields}) and the Lucene
 * side of the resources it derives from the index, Office and Lookup ({@link
 * io.keybox.schema.reso.ResoDerivedResource}).
 *
 * <p>Depends on {@code io.keybox.schema} (its stored-JSON reader), {@code io.keybox.schema.field},
 * {@code io.keybox.schema.listing}, {@code io.keybox.schema.openhouse} and {@code
 * io.keybox.schema.agent} only.
 */
package io.keybox.schema.reso;
