package io.keybox.schema;

import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.StoredFieldsFormat;
import org.apache.lucene.codecs.compressing.CompressionMode;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene90.compressing.Lucene90CompressingStoredFieldsFormat;

/**
 * The index's codec: Lucene's default, with stored fields compressed one document at a time.
 *
 * <p>Every answer that returns records reads their stored JSON, one document per hit. Lucene's
 * default stored fields pack about 80 KB of documents into a block compressed with a shared
 * dictionary, so reading one listing decompresses the dictionary and its 8 KB sub-block: the
 * largest share of a page's CPU in the server's profile (a quarter of the default page's samples in
 * {@code LZ4.decompress} alone). Here each document is its own LZ4 chunk ({@link
 * CompressionMode#FAST}, no dictionary), so a read decompresses the document and nothing else.
 * Measured on the bench's 200,000-listing index rewritten each way (random reads of whole
 * documents, best of 15 rounds): 11.4 µs a document with Lucene's default, 5.0-5.5 µs with this;
 * stored fields 347 MB against 603 MB, the whole index 399 MB against 655 MB (chunks of two
 * documents: 7.3 µs, 505 MB).
 *
 * <p>Found by name ({@value #NAME}) through Java's service loader when an index is opened, so the
 * server reads what the indexer wrote; segments written by Lucene's own codec (indexes of earlier
 * Keybox versions) stay readable and are rewritten with this one as they merge. A Keybox older than
 * this codec cannot open an index written with it.
 */
public final class KeyboxCodec extends FilterCodec {
  /** The codec's name, written into each segment. */
  public static final String NAME = "Keybox1";

  /** One document per chunk: a chunk is flushed at its first document, whatever its size. */
  private static final StoredFieldsFormat STORED_FIELDS =
      new Lucene90CompressingStoredFieldsFormat(
          "KeyboxStoredFields1", CompressionMode.FAST, 4 * 1024, 1, 10);

  /** The codec; public and without arguments for the service loader. */
  public KeyboxCodec() {
    super(NAME, new Lucene104Codec());
  }

  @Override
  public StoredFieldsFormat storedFieldsFormat() {
    return STORED_FIELDS;
  }
}
