package io.keybox.bench.lucene;

import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.util.NumericUtils;

/**
 * ListingsAnalytics (API.md §5, §9) computed the direct Lucene way: one pass over the matches
 * reading doc values, the statistics the contract requires plus Keybox's documented extensions
 * (min, max and median price, price per sq ft, days on market, status, type and city distributions,
 * a 10-bucket price histogram). What the analytics endpoint can at best do on this index.
 */
final class LuceneAnalytics {
  private LuceneAnalytics() {}

  /** The statistics of the matches. Means are over the matches that have the field. */
  record Result(
      long totalCount,
      Double avgPrice,
      Double avgLivingArea,
      Double avgBedrooms,
      Double avgFullBaths,
      Double avgLotSize,
      Double avgYearBuilt,
      Map<String, Long> areaDistribution,
      Double minPrice,
      Double maxPrice,
      Double medianPrice,
      Double avgPricePerSqFt,
      Double avgDaysOnMarket,
      Map<String, Long> statusDistribution,
      Map<String, Long> typeDistribution,
      Map<String, Long> cityDistribution,
      long[] priceHistogram) {}

  static Result compute(IndexSearcher searcher, Query query) throws IOException {
    return searcher.search(
        query,
        new CollectorManager<Stats, Result>() {
          @Override
          public Stats newCollector() {
            return new Stats();
          }

          @Override
          public Result reduce(Collection<Stats> collectors) {
            Stats all = new Stats();
            collectors.forEach(all::merge);
            return all.result();
          }
        });
  }

  /** Running sums of one collector. */
  private static final class Stats implements Collector {
    long count;
    final Mean price = new Mean();
    final Mean area = new Mean();
    final Mean beds = new Mean();
    final Mean bathsFull = new Mean();
    final Mean lotSize = new Mean();
    final Mean yearBuilt = new Mean();
    final Mean pricePerSqFt = new Mean();
    final Mean daysOnMarket = new Mean();
    double[] prices = new double[1024];
    int priceCount;
    final Map<String, Long> areas = new HashMap<>();
    final Map<String, Long> statuses = new HashMap<>();
    final Map<String, Long> types = new HashMap<>();
    final Map<String, Long> cities = new HashMap<>();

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
      LeafReader reader = context.reader();
      SortedNumericDocValues priceValues =
          DocValues.getSortedNumeric(reader, ListingFields.LIST_PRICE.name());
      SortedNumericDocValues areaValues =
          DocValues.getSortedNumeric(reader, ListingFields.AREA.name());
      SortedNumericDocValues bedValues =
          DocValues.getSortedNumeric(reader, ListingFields.BEDS.name());
      SortedNumericDocValues bathValues =
          DocValues.getSortedNumeric(reader, ListingFields.BATHS_FULL.name());
      SortedNumericDocValues lotValues =
          DocValues.getSortedNumeric(reader, ListingFields.LOT_SIZE_AREA.name());
      SortedNumericDocValues yearValues =
          DocValues.getSortedNumeric(reader, ListingFields.YEAR_BUILT.name());
      SortedNumericDocValues domValues =
          DocValues.getSortedNumeric(reader, ListingFields.DAYS_ON_MARKET.name());
      Distribution areaDist = new Distribution(reader, ListingFields.MLS_AREA, areas);
      Distribution statusDist = new Distribution(reader, ListingFields.STATUS, statuses);
      Distribution typeDist = new Distribution(reader, ListingFields.TYPE, types);
      Distribution cityDist = new Distribution(reader, ListingFields.CITY, cities);
      return new LeafCollector() {
        @Override
        public void setScorer(Scorable scorer) {}

        @Override
        public void collect(int doc) throws IOException {
          count++;
          double listPrice = Double.NaN;
          if (priceValues.advanceExact(doc)) {
            listPrice = NumericUtils.sortableLongToDouble(priceValues.nextValue());
            price.add(listPrice);
            if (priceCount == prices.length) {
              prices = Arrays.copyOf(prices, priceCount * 2);
            }
            prices[priceCount++] = listPrice;
          }
          if (areaValues.advanceExact(doc)) {
            long sqft = areaValues.nextValue();
            area.add(sqft);
            if (!Double.isNaN(listPrice) && sqft > 0) {
              pricePerSqFt.add(listPrice / sqft);
            }
          }
          if (bedValues.advanceExact(doc)) {
            beds.add(bedValues.nextValue());
          }
          if (bathValues.advanceExact(doc)) {
            bathsFull.add(bathValues.nextValue());
          }
          if (lotValues.advanceExact(doc)) {
            lotSize.add(NumericUtils.sortableLongToDouble(lotValues.nextValue()));
          }
          if (yearValues.advanceExact(doc)) {
            yearBuilt.add(yearValues.nextValue());
          }
          if (domValues.advanceExact(doc)) {
            daysOnMarket.add(domValues.nextValue());
          }
          areaDist.collect(doc);
          statusDist.collect(doc);
          typeDist.collect(doc);
          cityDist.collect(doc);
        }

        @Override
        public void finish() throws IOException {
          areaDist.finish();
          statusDist.finish();
          typeDist.finish();
          cityDist.finish();
        }
      };
    }

    void merge(Stats other) {
      count += other.count;
      price.merge(other.price);
      area.merge(other.area);
      beds.merge(other.beds);
      bathsFull.merge(other.bathsFull);
      lotSize.merge(other.lotSize);
      yearBuilt.merge(other.yearBuilt);
      pricePerSqFt.merge(other.pricePerSqFt);
      daysOnMarket.merge(other.daysOnMarket);
      if (priceCount + other.priceCount > prices.length) {
        prices = Arrays.copyOf(prices, priceCount + other.priceCount);
      }
      System.arraycopy(other.prices, 0, prices, priceCount, other.priceCount);
      priceCount += other.priceCount;
      for (var pair :
          List.of(
              Map.entry(areas, other.areas),
              Map.entry(statuses, other.statuses),
              Map.entry(types, other.types),
              Map.entry(cities, other.cities))) {
        pair.getValue().forEach((k, v) -> pair.getKey().merge(k, v, Long::sum));
      }
    }

    Result result() {
      double[] sorted = Arrays.copyOf(prices, priceCount);
      Arrays.sort(sorted);
      Double min = priceCount == 0 ? null : sorted[0];
      Double max = priceCount == 0 ? null : sorted[priceCount - 1];
      Double median =
          priceCount == 0
              ? null
              : priceCount % 2 == 1
                  ? sorted[priceCount / 2]
                  : (sorted[priceCount / 2 - 1] + sorted[priceCount / 2]) / 2;
      long[] histogram = new long[10];
      if (priceCount > 0) {
        double width = (max - min) / 10;
        for (int i = 0; i < priceCount; i++) {
          int bucket = width == 0 ? 0 : (int) Math.min(9, (sorted[i] - min) / width);
          histogram[bucket]++;
        }
      }
      return new Result(
          count,
          price.mean(),
          area.mean(),
          beds.mean(),
          bathsFull.mean(),
          lotSize.mean(),
          yearBuilt.mean(),
          Map.copyOf(areas),
          min,
          max,
          median,
          pricePerSqFt.mean(),
          daysOnMarket.mean(),
          Map.copyOf(statuses),
          Map.copyOf(types),
          Map.copyOf(cities),
          histogram);
    }
  }

  /** A sum and a count. */
  private static final class Mean {
    double sum;
    long n;

    void add(double value) {
      sum += value;
      n++;
    }

    void merge(Mean other) {
      sum += other.sum;
      n += other.n;
    }

    Double mean() {
      return n == 0 ? null : sum / n;
    }
  }

  /** Counts per display value of a keyword field, by ordinal within one segment. */
  private static final class Distribution {
    private final SortedSetDocValues values;
    private final Map<String, Long> into;
    private long[] counts;

    Distribution(LeafReader reader, KeywordField field, Map<String, Long> into) throws IOException {
      this.values = DocValues.getSortedSet(reader, field.displayValuesField());
      this.into = into;
      this.counts = new long[(int) Math.min(Integer.MAX_VALUE, values.getValueCount())];
    }

    void collect(int doc) throws IOException {
      if (values.advanceExact(doc)) {
        for (int i = 0; i < values.docValueCount(); i++) {
          counts[(int) values.nextOrd()]++;
        }
      }
    }

    void finish() throws IOException {
      for (int ord = 0; ord < counts.length; ord++) {
        if (counts[ord] > 0) {
          into.merge(values.lookupOrd(ord).utf8ToString(), counts[ord], Long::sum);
        }
      }
      counts = new long[0];
    }
  }
}
