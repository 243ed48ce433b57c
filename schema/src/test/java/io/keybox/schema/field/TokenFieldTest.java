package io.keybox.schema.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.ClassIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link TokenField}: the terms a record's texts are indexed as, and the records its queries find.
 */
class TokenFieldTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TokenField TEXT =
      TokenField.of(
          "t",
          r -> {
            List<String> texts = new ArrayList<>();
            r.path("texts").forEach(t -> texts.add(t.isNull() ? null : t.asText()));
            return r.has("texts") ? texts : null;
          });

  @RegisterExtension
  static final ClassIndex index = new ClassIndex(IndexWriterConfig::new, TokenFieldTest::write);

  private static void write(IndexWriter writer) throws IOException {
    add(writer, "a", "{\"texts\":[\"Houston Heights\", \"HOUSTON\"]}");
    add(writer, "b", "{\"texts\":[\"Abcdefghijklmnopqrst Way\", null]}");
    // U+1D400 (mathematical bold A) is a letter outside the BMP: one code point, two chars.
    add(writer, "c", "{\"texts\":[\"\uD835\uDC00b, Ho-9\"]}");
    add(writer, "d", "{\"texts\":[\" -- \"]}");
    add(writer, "e", "{}");
  }

  private static void add(IndexWriter writer, String id, String json) throws IOException {
    Document doc = new Document();
    doc.add(new StoredField("id", id));
    TEXT.addTo(doc, JSON.readTree(json));
    writer.addDocument(doc);
  }

  @Test
  void indexesEachWordWholeOnce() throws IOException {
    assertEquals(
        List.of("9", "abcdefghijklmnopqrst", "heights", "ho", "houston", "way", "\uD835\uDC00b"),
        terms("t.word"));
    assertEquals(List.of(1, 1, 1, 1, 1, 1, 1), docFreqs("t.word"));
  }

  @Test
  void indexesPrefixesUpToSixteenCodePoints() throws IOException {
    assertEquals(
        List.of(
            "9",
            "a",
            "ab",
            "abc",
            "abcd",
            "abcde",
            "abcdef",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "abcdefghij",
            "abcdefghijk",
            "abcdefghijkl",
            "abcdefghijklm",
            "abcdefghijklmn",
            "abcdefghijklmno",
            "abcdefghijklmnop",
            "h",
            "he",
            "hei",
            "heig",
            "heigh",
            "height",
            "heights",
            "ho",
            "hou",
            "hous",
            "houst",
            "housto",
            "houston",
            "w",
            "wa",
            "way",
            "\uD835\uDC00",
            "\uD835\uDC00b"),
        terms("t.prefix"));
    // "h" and "ho" begin words of two records (a: Houston, Heights; c: Ho), the rest of one.
    assertEquals(2, index.searcher().getIndexReader().docFreq(new Term("t.prefix", "h")));
    assertEquals(2, index.searcher().getIndexReader().docFreq(new Term("t.prefix", "ho")));
    assertEquals(1, index.searcher().getIndexReader().docFreq(new Term("t.prefix", "hou")));
  }

  @Test
  void queriesFindWholeWordsAndTheLastWordAsPrefix() throws IOException {
    assertEquals(List.of("a"), ids(TEXT.matchAllWords("houston heig")));
    assertEquals(List.of("a", "c"), ids(TEXT.matchAllWords("ho")));
    assertEquals(List.of(), ids(TEXT.matchAllWords("hou heights")));
    assertEquals(List.of("a"), ids(TEXT.matchAllPrefixes("hou heig")));
    assertEquals(List.of("b"), ids(TEXT.matchAllWords("abcdefghijklmnop")));
    // Longer than the longest prefix: it must be a whole word.
    assertEquals(List.of(), ids(TEXT.matchAllWords("abcdefghijklmnopq")));
    assertEquals(List.of("b"), ids(TEXT.matchAllWords("abcdefghijklmnopqrst")));
    assertEquals(List.of("c"), ids(TEXT.matchAllWords("\uD835\uDC00")));
    assertEquals(List.of(), ids(TEXT.matchAllWords("--")));
  }

  private static List<String> terms(String field) throws IOException {
    List<String> terms = new ArrayList<>();
    TermsEnum it = MultiTerms.getTerms(index.searcher().getIndexReader(), field).iterator();
    for (BytesRef term = it.next(); term != null; term = it.next()) {
      terms.add(term.utf8ToString());
    }
    return terms;
  }

  private static List<Integer> docFreqs(String field) throws IOException {
    Terms terms = MultiTerms.getTerms(index.searcher().getIndexReader(), field);
    List<Integer> freqs = new ArrayList<>();
    TermsEnum it = terms.iterator();
    while (it.next() != null) {
      freqs.add(it.docFreq());
    }
    return freqs;
  }

  private static List<String> ids(Query query) throws IOException {
    List<String> ids = new ArrayList<>();
    for (ScoreDoc hit : index.searcher().search(query, 10).scoreDocs) {
      ids.add(index.searcher().storedFields().document(hit.doc).get("id"));
    }
    return ids.stream().sorted().toList();
  }
}
