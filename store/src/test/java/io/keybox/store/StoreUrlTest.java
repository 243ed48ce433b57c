package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.store.local.LocalStore;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StoreUrlTest {

  @ParameterizedTest
  @CsvSource({
    "s3://listings,                    listings, ''",
    "s3://listings/,                   listings, ''",
    "s3://listings/keybox,             listings, keybox",
    "s3://listings/keybox/prod/,       listings, keybox/prod",
    "s3://my.bucket-1//a/b,            my.bucket-1, a/b",
  })
  void parsesS3Urls(String url, String bucket, String prefix) {
    StoreUrl parsed = StoreUrl.parse(url);
    assertEquals(new StoreUrl("s3", bucket, prefix, null), parsed);
  }

  @Test
  void parsesFileUrls() {
    assertEquals(
        new StoreUrl("file", "", "", Path.of("/srv/backup/keybox")),
        StoreUrl.parse("file:///srv/backup/keybox"));
    assertEquals(
        "file:///srv/backup/keybox", StoreUrl.parse("file:///srv/backup/keybox/").toString());
    assertEquals("s3://listings/keybox", StoreUrl.parse("s3://listings/keybox/").toString());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "listings",
        "/srv/keybox",
        "s3:///prefix",
        "s3://bucket/a//b",
        "s3://bucket/p?x=1",
        "s3://user@bucket/p",
        "file://host/srv/keybox",
        "file:relative/path",
        "http://example.test/bucket",
        "s3://bad url"
      })
  void rejectsOtherUrlsNamingThem(String url) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StoreUrl.parse(url));
    assertTrue(e.getMessage().contains("(got: '" + url + "')"), e.getMessage());
  }

  @Test
  void opensAFileStoreWhateverTheEndpoint(@TempDir Path temp) throws Exception {
    try (Store store =
        StoreUrl.parse(temp.resolve("store").toUri().toString())
            .open(Optional.empty(), Map.of(StoreUrl.ENDPOINT_VARIABLE, "http://127.0.0.1:1"))) {
      assertTrue(store instanceof LocalStore);
      store.put("houston/current", new byte[] {1, 2});
      assertEquals(
          temp.resolve("store/houston/current").toUri().toString(),
          store.describe("houston/current"));
    }
  }
}
