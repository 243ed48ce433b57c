package io.keybox.schema.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * A word typed composed ({@code é}, U+00E9) or decomposed ({@code e} + U+0301) is the same word, in
 * keyword values and in texts, at index and at query time.
 */
class UnicodeTextTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final KeywordField CITY =
      KeywordField.of("city", r -> List.of(r.get("city").asText()));
  private static final TokenField TEXT = TokenField.of("t", r -> List.of(r.get("t").asText()));

  @Test
  void wordsAreTheSameComposedOrDecomposed() {
    assertEquals(
        List.of("montr\u00e9al", "caf\u00e9"), TokenField.words("Montre\u0301al CAFE\u0301"));
    assertEquals(List.of("montr\u00e9al"), TokenField.words("MONTR\u00c9AL"));
  }

  @Test
  void aMarkWithoutAComposedFormStaysWithItsLetterAndStartsNoWord() {
    // q + U+0301 has no composed form: still one word. A mark after a space starts none.
    assertEquals(List.of("q\u0301x", "ab"), TokenField.words("Q\u0301x \u0301ab"));
  }

  @Test
  void keywordValuesAreTheSameComposedOrDecomposed() {
    assertEquals("montr\u00e9al", KeywordField.normalize(" Montre\u0301al "));
    assertEquals("montr\u00e9al", KeywordField.normalize("MONTR\u00c9AL"));
    String plain = "houston heights";
    assertSame(plain, UnicodeText.nfc(plain), "text below U+0300 is returned as is");
  }

  @Test
  void queriesFindEitherSpelling() throws IOException {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        add(writer, "composed", "{\"city\":\"Montr\u00e9al\",\"t\":\"Caf\u00e9 du Parc\"}");
        add(
            writer,
            "decomposed",
            "{\"city\":\"Que\u0301bec\",\"t\":\"Cre\u0300me Bru\u0302le\u0301e\"}");
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        assertEquals(List.of("composed"), ids(searcher, CITY.is("montre\u0301al")));
        assertEquals(List.of("decomposed"), ids(searcher, CITY.is("QU\u00c9BEC")));
        assertEquals(List.of("composed"), ids(searcher, TEXT.matchAllWords("cafe\u0301 du")));
        assertEquals(
            List.of("decomposed"), ids(searcher, TEXT.matchAllWords("cr\u00e8me br\u00fb")));
      }
    }
  }

  private static void add(IndexWriter writer, String id, String json) throws IOException {
    JsonNode record = JSON.readTree(json);
    Document doc = new Document();
    doc.add(new StoredField("id", id));
    CITY.addTo(doc, record);
    TEXT.addTo(doc, record);
    writer.addDocument(doc);
  }

  private static List<String> ids(IndexSearcher searcher, Query query) throws IOException {
    List<String> ids = new ArrayList<>();
    for (ScoreDoc hit : searcher.search(query, 10).scoreDocs) {
      ids.add(searcher.storedFields().document(hit.doc).get("id"));
    }
    return ids;
  }
}
