/**
 * Publish-to-served for three replicas through a store ({@link
 * io.keybox.bench.replica.ReplicaBench}, bench/README.md "Scale-out: publish to served"). Depends
 * on the generator, the indexer, the store and the server's index and replica packages.
 */
package io.keybox.bench.replica;
