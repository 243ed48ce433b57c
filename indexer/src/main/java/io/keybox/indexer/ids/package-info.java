/**
 * Stable ids: the per-vendor map from MLS listing number to this service's mlsId, persisted beside
 * the index so that every rebuild gives a listing the id it had before. Depends on the JDK only.
 */
package io.keybox.indexer.ids;
