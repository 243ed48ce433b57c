package io.keybox.indexer.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every container a dump may hold its records in, in either format, plain and gzip: the records
 * come out in order with the line each starts on (counted by hand below), and a dump cut short is
 * an error in each of them.
 */
class FeedContainersTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Three records whose first lines are 1, 2 and 3. */
  private static final String NDJSON =
      """
      {"ListingKey":"A","ListPrice":1}
      {"ListingKey":"B","ListPrice":2}
      {"ListingKey":"C","ListPrice":3}
      """;

  /** A JSON array, as a saved response or an export writes it: records start on 2, 6 and 10. */
  private static final String ARRAY =
      """
      [
        {
          "ListingKey": "A",
          "ListPrice": 1
        },
        {
          "ListingKey": "B",
          "ListPrice": 2
        },
        {
          "ListingKey": "C",
          "ListPrice": 3
        }
      ]
      """;

  /** Pretty-printed records one after the other: they start on 1, 5 and 9. */
  private static final String CONCATENATED =
      """
      {
        "ListingKey": "A",
        "ListPrice": 1
      }
      {
        "ListingKey": "B",
        "ListPrice": 2
      }
      {
        "ListingKey": "C",
        "ListPrice": 3
      }
      """;

  /** Two OData pages, pretty-printed: records start on 4, 6 and 14. */
  private static final String PAGES =
      """
      {
        "@odata.context": "https://api.example/odata/$metadata#Property",
        "value": [
          {"ListingKey": "A",
           "ListPrice": 1},
          {"ListingKey": "B", "ListPrice": 2}
        ],
        "@odata.nextLink": "https://api.example/odata/Property?$skip=2"
      }
      {
        "@odata.context": "https://api.example/odata/$metadata#Property",
        "value": [

          {"ListingKey": "C", "ListPrice": 3}
        ]
      }
      """;

  /** Two arrays one after the other (two saved responses concatenated): lines 1, 2 and 3. */
  private static final String TWO_ARRAYS =
      """
      [{"ListingKey": "A", "ListPrice": 1},
       {"ListingKey": "B", "ListPrice": 2}]
      [{"ListingKey": "C", "ListPrice": 3}]
      """;

  enum Sample {
    NDJSON_LINES(NDJSON, List.of(1L, 2L, 3L)),
    JSON_ARRAY(ARRAY, List.of(2L, 6L, 10L)),
    PRETTY_VALUES(CONCATENATED, List.of(1L, 5L, 9L)),
    ODATA_PAGES(PAGES, List.of(4L, 6L, 14L)),
    ARRAYS(TWO_ARRAYS, List.of(1L, 2L, 3L));

    final String text;
    final List<Long> lines;

    Sample(String text, List<Long> lines) {
      this.text = text;
      this.lines = lines;
    }
  }

  private List<RawRecord> readAll(Path file, FeedFormat format) throws IOException {
    List<RawRecord> all = new ArrayList<>();
    try (RecordBatches records = format.open(file, JSON)) {
      List<RawRecord> batch;
      while (!(batch = records.nextBatch(2)).isEmpty()) {
        all.addAll(batch);
      }
    }
    return all;
  }

  private static String key(RawRecord record) throws IOException {
    return (record.parsed() != null ? record.parsed() : JSON.readTree(record.text()))
        .get("ListingKey")
        .asText();
  }

  private Path write(String name, byte[] bytes) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, bytes);
    return file;
  }

  private static byte[] gzip(byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(plain);
    }
    return out.toByteArray();
  }

  @ParameterizedTest
  @EnumSource(Sample.class)
  void eachContainerGivesItsRecordsWithTheLineEachStartsOn(Sample sample) throws IOException {
    byte[] plain = sample.text.getBytes(StandardCharsets.UTF_8);
    for (FeedFormat format : FeedFormat.values()) {
      for (Path file : List.of(write("plain", plain), write("gz", gzip(plain)))) {
        List<RawRecord> records = readAll(file, format);
        List<String> keys = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        for (RawRecord record : records) {
          keys.add(key(record));
          lines.add(record.line());
        }
        assertEquals(List.of("A", "B", "C"), keys, format + " " + file);
        assertEquals(sample.lines, lines, format + " " + file);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Sample.class)
  void aDumpCutShortIsAnErrorInEveryContainer(Sample sample) throws IOException {
    String text = sample.text.strip();
    // Cut inside the last record, just before its last value
    String cut = text.substring(0, text.lastIndexOf('3'));
    byte[] plain = cut.getBytes(StandardCharsets.UTF_8);
    for (FeedFormat format : FeedFormat.values()) {
      for (Path file : List.of(write("plain", plain), write("gz", gzip(plain)))) {
        assertThrows(IOException.class, () -> readAll(file, format), format + " " + file);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"[\n{\"ListingKey\": \"A\"},\n", "[\n{\"ListingKey\": \"A\"}"})
  void anArrayWithoutItsEndIsCutShort(String text) throws IOException {
    Path file = write("cut.json", text.getBytes(StandardCharsets.UTF_8));
    assertThrows(IOException.class, () -> readAll(file, FeedFormat.NATIVE));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\n  \"ListingKey\": \"A\"\n}\n{\n  \"ListingKey\": \"B\",\n  oops\n}\n",
        "[\n{\"ListingKey\": \"A\"},\n{\"ListingKey\": \"B\" \"ListPrice\": 2}\n]\n"
      })
  void badJsonInsideAStreamOfValuesMakesItUnreadable(String text) throws IOException {
    Path file = write("bad.json", text.getBytes(StandardCharsets.UTF_8));
    assertThrows(IOException.class, () -> readAll(file, FeedFormat.RESO));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "not json\n{\"ListingKey\":\"A\"}\n{\"ListingKey\":\"B\"}\n",
        "{\"ListingKey\":\"A\",\n{\"ListingKey\":\"A\"}\n{\"ListingKey\":\"B\"}\n"
      })
  void aBadFirstLineIsOneNdjsonRecordNotAnUnreadableDump(String text) throws IOException {
    Path file = write("first-bad.ndjson", text.getBytes(StandardCharsets.UTF_8));
    List<RawRecord> records = readAll(file, FeedFormat.NATIVE);
    assertEquals(3, records.size());
    assertEquals(List.of(1L, 2L, 3L), records.stream().map(RawRecord::line).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "[]", "[\n]\n", "\n\n"})
  void anEmptyContainerHasNoRecord(String text) throws IOException {
    Path file = write("empty.json", text.getBytes(StandardCharsets.UTF_8));
    assertEquals(List.of(), readAll(file, FeedFormat.NATIVE));
  }
}
