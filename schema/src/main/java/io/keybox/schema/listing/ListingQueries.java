package io.keybox.schema.listing;

import io.keybox.schema.RecordKind;
import io.keybox.schema.SchemaVersion;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

/**
 * Listing queries that combine several fields or encode a rule of the contract. Single-field
 * conditions are made directly on the fields of {@link ListingFields}.
 */
public final class ListingQueries {
  private ListingQueries() {}

  /** Every listing. */
  public static Query allListings() {
    return RecordKind.LISTING.query();
  }

  /** The listings whose mlsId is none of {@code mlsIds}. */
  public static Query mlsIdNotIn(long[] mlsIds) {
    return new BooleanQuery.Builder()
        .add(allListings(), Occur.FILTER)
        .add(ListingFields.MLS_ID.anyOf(mlsIds), Occur.MUST_NOT)
        .build();
  }

  /** The listing whose listingId is {@code listingId} (compared as keyword values are). */
  public static Query byListingId(String listingId) {
    return new BooleanQuery.Builder()
        .add(allListings(), Occur.FILTER)
        .add(ListingFields.LISTING_ID.is(listingId), Occur.FILTER)
        .build();
  }

  /**
   * The listings that show the mirrored photo {@code digest} and may be displayed whole ({@code
   * internetEntireListingDisplay} not false): those that make the photo servable.
   */
  public static Query displayableShowingPhoto(String digest) {
    return new BooleanQuery.Builder()
        .add(allListings(), Occur.FILTER)
        .add(ListingFields.PHOTO.is(digest), Occur.FILTER)
        .add(ListingFields.LISTING_DISPLAY.notFalse(), Occur.FILTER)
        .build();
  }

  /**
   * The listings that may be displayed whole ({@code internetEntireListingDisplay} not false):
   * those whose photos ({@link ListingFields#PHOTO}) are served, and so published with a commit.
   */
  public static Query displayableListings() {
    return new BooleanQuery.Builder()
        .add(allListings(), Occur.FILTER)
        .add(ListingFields.LISTING_DISPLAY.notFalse(), Occur.FILTER)
        .build();
  }

  /** The listing whose mlsId is {@code mlsId}, in an index this build writes: its key term. */
  public static Query byMlsId(long mlsId) {
    return byMlsId(mlsId, SchemaVersion.CURRENT);
  }

  /**
   * The listing whose mlsId is {@code mlsId}, in an index written by {@code schemaVersion}: its key
   * term from version 3, before that its point among the listings.
   */
  public static Query byMlsId(long mlsId, int schemaVersion) {
    if (schemaVersion >= SchemaVersion.LISTING_KEY_TERM) {
      return ListingFields.LISTING_KEY.is(mlsId);
    }
    return new BooleanQuery.Builder()
        .add(allListings(), Occur.FILTER)
        .add(ListingFields.MLS_ID.exact(mlsId), Occur.FILTER)
        .build();
  }

  /**
   * Whether an index written by {@code schemaVersion} keeps each listing's key term, so {@link
   * #findListing} can read it (from version 3); older ones are searched with {@link #byMlsId}.
   */
  public static boolean hasListingKeys(int schemaVersion) {
    return schemaVersion >= SchemaVersion.LISTING_KEY_TERM;
  }

  /**
   * The document of listing {@code mlsId} in {@code reader} (its id there) when {@code idx} admits
   * it, else -1: {@link #byMlsId} and {@link IdxRule#filter} for one key, looked up without a
   * query. Only for an index that {@link #hasListingKeys}.
   */
  public static int findListing(IndexReader reader, long mlsId, IdxRule idx) throws IOException {
    int doc = ListingFields.LISTING_KEY.find(reader, mlsId);
    return doc >= 0 && idx.admits(reader, doc) ? doc : -1;
  }

  /**
   * The document of listing {@code mlsId} in {@code searcher}'s index, written by {@code
   * schemaVersion}, when {@code idx} admits it, else -1: the key term read directly where the index
   * keeps one ({@link #findListing(IndexReader, long, IdxRule)}), else the query of the key and the
   * rule (a query's rewrite, weights and scorers cost most of a lookup).
   */
  public static int findListing(IndexSearcher searcher, long mlsId, int schemaVersion, IdxRule idx)
      throws IOException {
    if (hasListingKeys(schemaVersion)) {
      return findListing(searcher.getIndexReader(), mlsId, idx);
    }
    return idx.first(searcher, byMlsId(mlsId, schemaVersion));
  }

  /** Listings whose status is any of {@code statuses}. */
  public static Query statusIn(Collection<Status> statuses) {
    return ListingFields.STATUS.anyOf(statuses.stream().map(Status::name).toList());
  }

  /**
   * The {@code water} parameter (API.md §7): {@code true} matches water that is neither null nor
   * false-like, {@code false} the opposite, any other value equals {@code property.water}; several
   * values match any.
   */
  public static Query water(List<String> values) {
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    for (String value : values) {
      any.add(
          switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> ListingFields.HAS_WATER.is(true);
            case "false" -> ListingFields.HAS_WATER.is(false);
            default -> ListingFields.WATER.is(value);
          },
          Occur.SHOULD);
    }
    return any.build();
  }
}
