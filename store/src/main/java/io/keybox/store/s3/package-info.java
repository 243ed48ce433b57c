/**
 * {@link io.keybox.store.Store} on an S3-compatible object store through the AWS SDK v2 S3 client
 * (AWS S3, MinIO, Ceph, R2, GCS's S3 API; S3Proxy in tests). Depends on the SDK and on the root
 * package's {@code Store} contract only.
 */
package io.keybox.store.s3;
