/**
 * A vendor's Lucene commit shared through an object store: the {@link io.keybox.store.Store}
 * contract, the {@link io.keybox.store.StoreUrl} that opens one, the published layout ({@link
 * io.keybox.store.Layout}, {@link io.keybox.store.Manifest}, {@link io.keybox.store.Pointer}), the
 * indexer side ({@link io.keybox.store.Publisher}, which also uploads the mirrored photos a commit
 * shows, {@link io.keybox.store.PublishedMedia}) and the query-node side ({@link
 * io.keybox.store.Fetcher}; a photo is read with {@link io.keybox.store.Store#download} under its
 * {@link io.keybox.store.Layout#mediaObject} key).
 *
 * <p>Depends on Lucene core (a commit's files and their footer checksums), Jackson (the manifest)
 * and its own {@code s3} and {@code local} sub-packages, which only {@link
 * io.keybox.store.StoreUrl} names. Never on the server, the indexer or the app: they call this
 * library.
 */
package io.keybox.store;
