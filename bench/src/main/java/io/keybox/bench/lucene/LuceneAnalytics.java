package io.keybox.bench.lucene;

import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.server.search.exec.ColumnReader;
import io.keybox.server.search.exec.Median;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;

/**
 * ListingsAnalytics (API.md §5, §9) computed the direct Lucene way: one pass over the matches
 * reading doc values (a block of matches per column, as the server reads them), the median by
 * selection, the statistics the contract requires plus Keybox's documented extensions (min, max and
 * median price, price per sq ft, days on market, status, type and city distributions, a 10-bucket
 * price histogram). What the analytics endpoint can at best do on this index.
 */
final class LuceneAnalytics {
  // Matches buffered per segment before their numbers are read, a column at a time.
  private static final int BLOCK = 1024;

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
    double minPrice = Double.POSITIVE_INFINITY;
    double maxPrice = Double.NEGATIVE_INFINITY;
    final int[] docs = new int[BLOCK];
    final double[][] block = new double[ListingFields.ANALYTICS_COLUMNS.size()][BLOCK];
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
      ColumnReader[] readers = new ColumnReader[ListingFields.ANALYTICS_COLUMNS.size()];
      for (int c = 0; c < readers.length; c++) {
        readers[c] = ColumnReader.of(reader, ListingFields.ANALYTICS_COLUMNS.get(c));
      }
      Distribution areaDist = new Distribution(reader, ListingFields.MLS_AREA, areas);
      Distribution statusDist = new Distribution(reader, ListingFields.STATUS, statuses);
      Distribution typeDist = new Distribution(reader, ListingFields.TYPE, types);
      Distribution cityDist = new Distribution(reader, ListingFields.CITY, cities);
      return new LeafCollector() {
        private int buffered;

        @Override
        public void setScorer(Scorable scorer) {}

        @Override
        public void collect(int doc) throws IOException {
          count++;
          docs[buffered++] = doc;
          if (buffered == BLOCK) {
            flush();
          }
          areaDist.collect(doc);
          statusDist.collect(doc);
          typeDist.collect(doc);
          cityDist.collect(doc);
        }

        /** Reads the numbers of the buffered matches, a column at a time, and adds them up. */
        private void flush() throws IOException {
          for (int c = 0; c < readers.length; c++) {
            readers[c].read(docs, buffered, block[c]);
          }
          for (int r = 0; r < buffered; r++) {
            add(
                block[0][r],
                block[1][r],
                block[2][r],
                block[3][r],
                block[4][r],
                block[5][r],
                block[6][r]);
          }
          buffered = 0;
        }

        @Override
        public void finish() throws IOException {
          flush();
          areaDist.finish();
          statusDist.finish();
          typeDist.finish();
          cityDist.finish();
        }
      };
    }

    private void add(
        double listPrice,
        double sqft,
        double bedCount,
        double fullBaths,
        double lot,
        double year,
        double days) {
      if (!Double.isNaN(listPrice)) {
        price.add(listPrice);
        if (priceCount == prices.length) {
          prices = Arrays.copyOf(prices, priceCount * 2);
        }
        prices[priceCount++] = listPrice;
        minPrice = Math.min(minPrice, listPrice);
        maxPrice = Math.max(maxPrice, listPrice);
      }
      if (!Double.isNaN(sqft)) {
        area.add(sqft);
        if (!Double.isNaN(listPrice) && sqft > 0) {
          pricePerSqFt.add(listPrice / sqft);
        }
      }
      addIfPresent(beds, bedCount);
      addIfPresent(bathsFull, fullBaths);
      addIfPresent(lotSize, lot);
      addIfPresent(yearBuilt, year);
      addIfPresent(daysOnMarket, days);
    }

    private static void addIfPresent(Mean mean, double value) {
      if (!Double.isNaN(value)) {
        mean.add(value);
      }
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
      minPrice = Math.min(minPrice, other.minPrice);
      maxPrice = Math.max(maxPrice, other.maxPrice);
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
      Double min = priceCount == 0 ? null : minPrice;
      Double max = priceCount == 0 ? null : maxPrice;
      long[] histogram = new long[10];
      if (priceCount > 0) {
        double width = (max - min) / 10;
        for (int i = 0; i < priceCount; i++) {
          int bucket = width == 0 ? 0 : (int) Math.min(9, (prices[i] - min) / width);
          histogram[bucket]++;
        }
      }
      Double median = priceCount == 0 ? null : Median.of(prices, priceCount);
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
