package io.keybox.schema.listing;

import static io.keybox.schema.JsonPaths.commaList;
import static io.keybox.schema.JsonPaths.epochMillis;
import static io.keybox.schema.JsonPaths.flag;
import static io.keybox.schema.JsonPaths.number;
import static io.keybox.schema.JsonPaths.text;
import static io.keybox.schema.JsonPaths.texts;
import static io.keybox.schema.JsonPaths.whole;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.FlagField;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.GeoPointField.LatLng;
import io.keybox.schema.field.KeyTermField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.NumericColumn;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.field.TokenField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The catalogue of a Listing's searchable, sortable and aggregatable fields: for each, where its
 * value comes from in the canonical Listing (API.md §5), how it is normalised, and (through its
 * field type) how Lucene holds and queries it. The indexer adds exactly {@link #ALL}; the server
 * queries through these same definitions.
 */
public final class ListingFields {
  private ListingFields() {}

  /** This service's stable id; the index is sorted by it. */
  public static final LongValueField MLS_ID = new LongValueField("mlsId", l -> whole(l, "mlsId"));

  /**
   * The mlsId as the key of listing documents only ({@link ListingDocuments} adds it; open houses,
   * which carry their listing's fields, do not): lookups by mlsId. Since schema version 3.
   */
  public static final KeyTermField LISTING_KEY = new KeyTermField("listingMlsId");

  /**
   * The digests of the listing's mirrored photos ({@link PhotoUrls}): which listings show a photo,
   * for {@code GET /media}, which serves only photos of displayable listings.
   */
  public static final KeywordField PHOTO = KeywordField.of("photo", PhotoUrls::digests);

  /** The MLS number. */
  public static final KeywordField LISTING_ID =
      KeywordField.of("listingId", l -> texts(l, "listingId"));

  /** {@code mls.status}, normalised (see {@link Status}). */
  public static final KeywordField STATUS =
      KeywordField.withDisplayValues("status", l -> texts(l, "mls", "status"));

  /** {@code property.type}: the type code (see {@link PropertyType}). */
  public static final KeywordField TYPE =
      KeywordField.withDisplayValues("type", l -> texts(l, "property", "type"));

  /** {@code property.subType}. */
  public static final KeywordField SUBTYPE =
      KeywordField.withDisplayValues("subtype", l -> texts(l, "property", "subType"));

  /** {@code property.subTypeText}. */
  public static final KeywordField SUBTYPE_TEXT =
      KeywordField.of("subTypeText", l -> texts(l, "property", "subTypeText"));

  /** {@code agent.id}. */
  public static final KeywordField AGENT = KeywordField.of("agent", l -> texts(l, "agent", "id"));

  /** {@code coAgent.id}. */
  public static final KeywordField CO_AGENT =
      KeywordField.of("coAgent", l -> texts(l, "coAgent", "id"));

  /** {@code sales.agent.id}. */
  public static final KeywordField SALES_AGENT =
      KeywordField.of("salesAgent", l -> texts(l, "sales", "agent", "id"));

  /** {@code office.brokerid}. */
  public static final KeywordField BROKER =
      KeywordField.of("broker", l -> texts(l, "office", "brokerid"));

  /** {@code specialListingConditions}. */
  public static final KeywordField SPECIAL_LISTING_CONDITIONS =
      KeywordField.withDisplayValues(
          "specialListingConditions", l -> texts(l, "specialListingConditions"));

  /** {@code ownership}. */
  public static final KeywordField OWNERSHIP =
      KeywordField.withDisplayValues("ownership", l -> texts(l, "ownership"));

  /** {@code listPrice}. */
  public static final DoubleValueField LIST_PRICE =
      new DoubleValueField("listPrice", l -> number(l, "listPrice"));

  /** {@code property.area} (living area, sq ft). */
  public static final LongValueField AREA =
      new LongValueField("area", l -> whole(l, "property", "area"));

  /** Total baths: see {@link #bathTotal(JsonNode)}. */
  public static final DoubleValueField BATHS =
      new DoubleValueField("baths", ListingFields::bathTotal);

  /** {@code property.bathsFull}. */
  public static final LongValueField BATHS_FULL =
      new LongValueField("bathsFull", l -> whole(l, "property", "bathsFull"));

  /** {@code property.bedrooms}. */
  public static final LongValueField BEDS =
      new LongValueField("beds", l -> whole(l, "property", "bedrooms"));

  /** {@code mls.daysOnMarket}. */
  public static final LongValueField DAYS_ON_MARKET =
      new LongValueField("daysOnMarket", l -> whole(l, "mls", "daysOnMarket"));

  /** {@code listDate}, epoch milliseconds. */
  public static final LongValueField LIST_DATE =
      new LongValueField("listDate", l -> epochMillis(l, "listDate"));

  /** {@code modified}, epoch milliseconds. */
  public static final LongValueField MODIFIED =
      new LongValueField("modified", l -> epochMillis(l, "modified"));

  /** {@code sales.closeDate}, epoch milliseconds. */
  public static final LongValueField CLOSE_DATE =
      new LongValueField("closeDate", l -> epochMillis(l, "sales", "closeDate"));

  /** {@code property.yearBuilt}. */
  public static final LongValueField YEAR_BUILT =
      new LongValueField("yearBuilt", l -> whole(l, "property", "yearBuilt"));

  /** {@code property.acres}. */
  public static final DoubleValueField ACRES =
      new DoubleValueField("acres", l -> number(l, "property", "acres"));

  /** {@code property.lotSizeArea}. */
  public static final DoubleValueField LOT_SIZE_AREA =
      new DoubleValueField("lotSizeArea", l -> number(l, "property", "lotSizeArea"));

  /** {@code property.garageSpaces}. */
  public static final DoubleValueField GARAGE_SPACES =
      new DoubleValueField("garageSpaces", l -> number(l, "property", "garageSpaces"));

  /** {@code address.postalCode}. */
  public static final KeywordField POSTAL_CODE =
      KeywordField.withDisplayValues("postalCode", l -> texts(l, "address", "postalCode"));

  /** {@code address.city}. */
  public static final KeywordField CITY =
      KeywordField.withDisplayValues("city", l -> texts(l, "address", "city"));

  /** {@code address.state}. */
  public static final KeywordField STATE =
      KeywordField.of("state", l -> texts(l, "address", "state"));

  /** {@code geo.county}. */
  public static final KeywordField COUNTY =
      KeywordField.withDisplayValues("county", l -> texts(l, "geo", "county"));

  /** {@code property.subdivision} (the {@code neighborhoods} parameter). */
  public static final KeywordField SUBDIVISION =
      KeywordField.withDisplayValues("subdivision", l -> texts(l, "property", "subdivision"));

  /** {@code mls.area} (MLS major area). */
  public static final KeywordField MLS_AREA =
      KeywordField.withDisplayValues("mlsArea", l -> texts(l, "mls", "area"));

  /** {@code mls.areaMinor}. */
  public static final KeywordField MLS_AREA_MINOR =
      KeywordField.withDisplayValues("areaMinor", l -> texts(l, "mls", "areaMinor"));

  /** The items of {@code property.interiorFeatures}. */
  public static final KeywordField FEATURES =
      KeywordField.withDisplayValues("features", l -> commaList(l, "property", "interiorFeatures"));

  /** The items of {@code property.exteriorFeatures}. */
  public static final KeywordField EXTERIOR_FEATURES =
      KeywordField.withDisplayValues(
          "exteriorFeatures", l -> commaList(l, "property", "exteriorFeatures"));

  /** {@code property.water}, the whole value. */
  public static final KeywordField WATER =
      KeywordField.withDisplayValues("water", l -> texts(l, "property", "water"));

  /** Whether {@code property.water} names water: neither null nor false-like. */
  public static final FlagField HAS_WATER =
      new FlagField("hasWater", l -> hasWater(text(l, "property", "water")));

  /** {@code geo.lat} and {@code geo.lng}. */
  public static final GeoPointField GEO = new GeoPointField("geo", ListingFields::point);

  /** {@code internetAddressDisplay}. */
  public static final FlagField ADDRESS_DISPLAY =
      new FlagField("internetAddressDisplay", l -> flag(l, "internetAddressDisplay"));

  /** {@code internetEntireListingDisplay}. */
  public static final FlagField LISTING_DISPLAY =
      new FlagField("internetEntireListingDisplay", l -> flag(l, "internetEntireListingDisplay"));

  /**
   * The words of the {@code q} parameter's fields: listingId, street number, street name, unit,
   * city, postal code, subdivision and MLS area.
   */
  public static final TokenField KEYWORDS =
      TokenField.of(
          "q",
          l -> {
            List<String> texts = new ArrayList<>();
            texts.add(text(l, "listingId"));
            texts.add(text(l, "address", "streetNumberText"));
            texts.add(text(l, "address", "streetNumber"));
            texts.add(text(l, "address", "streetName"));
            texts.add(text(l, "address", "unit"));
            texts.add(text(l, "address", "city"));
            texts.add(text(l, "address", "postalCode"));
            texts.add(text(l, "property", "subdivision"));
            texts.add(text(l, "mls", "area"));
            return texts;
          });

  /**
   * The numbers market analytics reads from every match (API.md §9), in this order: list price,
   * living area, beds, full baths, lot size, year built, days on market.
   */
  public static final List<NumericColumn> ANALYTICS_COLUMNS =
      List.of(LIST_PRICE, AREA, BEDS, BATHS_FULL, LOT_SIZE_AREA, YEAR_BUILT, DAYS_ON_MARKET);

  /** Every field a listing document holds, in indexing order. */
  public static final List<SearchField> ALL =
      List.of(
          MLS_ID,
          LISTING_ID,
          STATUS,
          TYPE,
          SUBTYPE,
          SUBTYPE_TEXT,
          AGENT,
          CO_AGENT,
          SALES_AGENT,
          BROKER,
          SPECIAL_LISTING_CONDITIONS,
          OWNERSHIP,
          LIST_PRICE,
          AREA,
          BATHS,
          BATHS_FULL,
          BEDS,
          DAYS_ON_MARKET,
          LIST_DATE,
          MODIFIED,
          CLOSE_DATE,
          YEAR_BUILT,
          ACRES,
          LOT_SIZE_AREA,
          GARAGE_SPACES,
          POSTAL_CODE,
          CITY,
          STATE,
          COUNTY,
          SUBDIVISION,
          MLS_AREA,
          MLS_AREA_MINOR,
          FEATURES,
          EXTERIOR_FEATURES,
          WATER,
          HAS_WATER,
          GEO,
          ADDRESS_DISPLAY,
          LISTING_DISPLAY,
          KEYWORDS,
          PHOTO);

  private static final Set<String> FALSE_LIKE_WATER = Set.of("false", "no", "n", "none", "0", "");

  /**
   * Total baths (API.md §7): {@code property.bathrooms} when present, else bathsFull +
   * bathsThreeQuarter + 0.5 × bathsHalf over the parts present; null when none is.
   */
  public static Double bathTotal(JsonNode listing) {
    Double bathrooms = number(listing, "property", "bathrooms");
    if (bathrooms != null) {
      return bathrooms;
    }
    Long full = whole(listing, "property", "bathsFull");
    Long threeQuarter = whole(listing, "property", "bathsThreeQuarter");
    Long half = whole(listing, "property", "bathsHalf");
    if (full == null && threeQuarter == null && half == null) {
      return null;
    }
    return (full == null ? 0 : full)
        + (threeQuarter == null ? 0 : threeQuarter)
        + 0.5 * (half == null ? 0 : half);
  }

  /** Whether a {@code property.water} value names water: not null and not false-like. */
  public static Boolean hasWater(String water) {
    return water != null && !FALSE_LIKE_WATER.contains(water.strip().toLowerCase(Locale.ROOT));
  }

  private static LatLng point(JsonNode listing) {
    Double lat = JsonPaths.number(listing, "geo", "lat");
    Double lng = JsonPaths.number(listing, "geo", "lng");
    return lat == null || lng == null ? null : new LatLng(lat, lng);
  }
}
