package io.keybox.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cities of the generated Houston-like metro with their real counties, postal codes and
 * approximate geography. Kingwood and Clear Lake are parts of Houston, so they appear as Houston's
 * MLS areas. Houston carries the largest share of listings.
 */
final class CityTable {
  private CityTable() {}

  /*
   * One "city" line, then its "area" lines. Fields are separated by '|'; lists inside a field by ", ".
   * city | name | county | market area | lat | lng | radius km | weight | phone area code | highways
   * area | name | minor code | lat | lng | radius km | weight | price level | built from | HOA share
   *      | postal codes | subdivisions | school district | waters | water share
   * Every area circle lies inside its city circle (CityTableTest checks it).
   */
  private static final String TABLE =
      """
      city|Houston|Harris|Houston|29.7604|-95.3698|45|35|713|I-10, I-45, I-610, US-59, Beltway 8, TX-288
      area|Heights/Greater Heights|23|29.7950|-95.4000|2.5|12|1.9|1950|0.2|77007, 77008, 77009\
      |Houston Heights, Woodland Heights, Norhill, Sunset Heights|HOUSTON|White Oak Bayou|0.02
      area|Montrose|17|29.7450|-95.3920|2.0|8|1.9|1950|0.2|77006, 77019, 77098\
      |Avondale, Vermont Commons, Hyde Park, Cherryhurst|HOUSTON|Buffalo Bayou|0.01
      area|Midtown/Downtown|19|29.7500|-95.3650|2.0|10|1.5|1990|0.35|77002, 77003, 77004, 77010\
      |Midtown, East Downtown, Fourth Ward, Museum Park|HOUSTON|Buffalo Bayou|0.01
      area|Memorial West|9|29.7700|-95.5300|3.5|10|2.4|1955|0.4|77024, 77079, 77043\
      |Memorial Bend, Nottingham Forest, Frostwood, Bunker Hill|SPRING_BRANCH|Buffalo Bayou|0.02
      area|Spring Branch|10|29.8050|-95.5050|2.5|10|1.3|1955|0.3|77055, 77080\
      |Spring Shadows, Westview Terrace, Campbell Woods, Spring Branch Estates|SPRING_BRANCH||0
      area|Westchase/Alief|27|29.7050|-95.5750|3.5|14|0.75|1970|0.6|77042, 77072, 77082\
      |Briar Village, Westchase Forest, Alief Village, Royal Oaks|ALIEF||0
      area|Meyerland Area|18|29.6900|-95.4500|2.5|8|1.4|1955|0.3|77025, 77096\
      |Meyerland, Braeswood Place, Maplewood, Westwood|HOUSTON|Brays Bayou|0.01
      area|Kingwood South|34|30.0300|-95.2050|3.0|7|0.95|1972|0.9|77339\
      |Kings Forest, Elm Grove Village, Sand Creek Village, Trailwood Village|HUMBLE|Lake Houston|0.12
      area|Kingwood North|35|30.0700|-95.1850|3.0|6|1.0|1978|0.9|77345\
      |Kings Point, Bear Branch, Greentree Village, Fosters Mill|HUMBLE|Lake Houston|0.1
      area|Clear Lake Area|40|29.5650|-95.1100|4.0|10|0.85|1965|0.7|77058, 77059, 77062\
      |Bay Oaks, Clear Lake City, Brook Forest, Bay Glen|CLEAR_CREEK|Clear Lake|0.15
      city|Katy|Harris|Katy|29.7858|-95.8245|10|7|281|I-10, Grand Parkway, Westpark Tollway, FM 1463
      area|Katy - Old Towne|28|29.7900|-95.8250|3.0|2|0.85|1960|0.5|77493, 77494\
      |Katy Original Townsite, Katy Lakes, Cane Island, Pin Oak Village|KATY||0
      area|Katy - Southwest|29|29.7450|-95.7900|3.5|5|1.1|1995|0.95|77450, 77494\
      |Cinco Ranch, Grand Lakes, Seven Meadows, Firethorne|KATY|Cinco Lake|0.02
      area|Katy - North|30|29.8300|-95.8000|3.0|3|0.85|1990|0.9|77449, 77493\
      |Falcon Landing, Ventana Lakes, Morton Creek Ranch, Katy Manor|KATY||0
      city|Sugar Land|Fort Bend|Fort Bend|29.6197|-95.6349|10|5|281|US-59, TX-6, Grand Parkway, Fort Bend Tollway
      area|Sugar Land North|41|29.6100|-95.6200|4.0|5|1.05|1975|0.85|77478, 77498\
      |Sugar Creek, Sugar Lakes, Covington Woods, Telfair|FORT_BEND|Oyster Creek|0.02
      area|Sugar Land South|42|29.5700|-95.6500|4.0|5|1.15|1985|0.95|77479\
      |First Colony, Riverstone, Greatwood, New Territory|FORT_BEND|Brazos River|0.02
      city|The Woodlands|Montgomery|Montgomery County|30.1658|-95.4613|12|5|281\
      |I-45, Hardy Toll Road, Woodlands Parkway, Grand Parkway
      area|The Woodlands East|51|30.1750|-95.4700|4.0|5|1.25|1978|0.98|77380, 77381\
      |Cochran's Crossing, Panther Creek, Grogan's Mill, College Park|CONROE|Lake Woodlands|0.06
      area|The Woodlands West|52|30.1600|-95.5300|4.0|5|1.35|1995|0.98|77382, 77384\
      |Sterling Ridge, Alden Bridge, Indian Springs, Harper's Landing|CONROE||0
      city|Spring|Harris|Spring/Klein|30.0799|-95.4172|13|6|281|I-45, TX-249, Grand Parkway, FM 2920
      area|Spring/Klein|32|30.0550|-95.4850|4.5|5|0.9|1975|0.9|77379, 77389\
      |Gleannloch Farms, Memorial Northwest, Olde Oaks, Champion Forest|KLEIN||0
      area|Spring East|33|30.0750|-95.4000|4.0|4|0.75|1975|0.85|77373, 77388\
      |Spring Lakes, Birnham Woods, Old Town Spring, Northgate Forest|SPRING|Spring Creek|0.01
      city|Cypress|Harris|Cypress|29.9691|-95.6972|12|6|281|US-290, Grand Parkway, Beltway 8, Fry Road
      area|Cypress North|36|30.0000|-95.7000|4.0|4|0.9|1995|0.95|77429, 77433\
      |Fairfield, Blackhorse Ranch, Cypress Creek Lakes, Stone Gate|CY_FAIR||0
      area|Cypress South|37|29.9350|-95.6900|5.0|5|1.05|2005|0.98|77429, 77433\
      |Towne Lake, Bridgeland, Coles Crossing, Lakes of Fairhaven|CY_FAIR|Towne Lake|0.08
      city|Pearland|Brazoria|Brazoria County|29.5636|-95.2860|13|4|281|TX-288, Beltway 8, FM 518, TX-35
      area|Pearland West|61|29.5850|-95.3700|3.5|5|0.95|2003|0.95|77584\
      |Shadow Creek Ranch, Silverlake, Southern Trails, Shadow Grove|PEARLAND||0
      area|Pearland East|62|29.5550|-95.2700|4.0|4|0.85|1985|0.8|77581, 77584\
      |Southdown, Green Tee Terrace, West Oaks Village, Country Place|PEARLAND|Clear Creek|0.01
      city|League City|Galveston|Clear Lake Area|29.5075|-95.0949|9|3.5|281|I-45, FM 646, FM 518, TX-96
      area|League City|71|29.5000|-95.1100|5.5|4|0.9|1990|0.95|77573\
      |Victory Lakes, Tuscan Lakes, Westover Park, Mar Bella|CLEAR_CREEK||0
      area|League City East|72|29.5300|-95.0500|2.5|1|1.1|1985|0.9|77573\
      |South Shore Harbour, Marina Bay, Bay Ridge, Harbour Park|CLEAR_CREEK|Clear Lake|0.35
      city|Pasadena|Harris|Southeast Houston|29.6911|-95.2091|10|3.5|713\
      |TX-225, Beltway 8, I-45, Spencer Highway
      area|Pasadena|44|29.6800|-95.1800|6.0|1|0.7|1950|0.3|77502, 77503, 77504, 77505, 77506\
      |Red Bluff Terrace, Parkview, Golden Acres, Burnett Place, Village Grove|PASADENA||0
      city|Humble|Harris|Lake Houston|29.9988|-95.2622|12|4|281|US-59, Beltway 8, FM 1960, Will Clayton Parkway
      area|Atascocita|38|29.9980|-95.1780|3.0|5|0.85|1980|0.9|77346\
      |Atascocita Forest, Eagle Springs, Walden on Lake Houston, Atascocita Shores|HUMBLE|Lake Houston|0.12
      area|Humble Area|39|29.9900|-95.2800|4.0|4|0.7|1975|0.75|77338, 77396\
      |Fall Creek, Deerbrook Estates, Humble Oaks, Bender Forest|HUMBLE||0
      city|Conroe|Montgomery|Montgomery County|30.3119|-95.4561|20|4|936|I-45, TX-105, Loop 336, FM 1488
      area|Conroe|53|30.3100|-95.4500|6.0|6|0.8|1975|0.7|77301, 77302, 77303\
      |Grand Central Park, Wedgewood Forest, Woodland Oaks, Stewart Creek|CONROE||0
      area|Lake Conroe Area|54|30.3900|-95.5700|4.0|4|1.3|1975|0.85|77304, 77356\
      |April Sound, Walden on Lake Conroe, Bentwater, Del Lago|CONROE|Lake Conroe|0.45
      city|Missouri City|Fort Bend|Fort Bend|29.6186|-95.5377|14|3|281|US-59, Fort Bend Tollway, TX-6, Beltway 8
      area|Missouri City|43|29.6100|-95.5300|4.0|5|0.8|1975|0.85|77459, 77489\
      |Quail Valley, Lake Olympia, Hunters Glen, Colony Lakes|FORT_BEND|Lake Olympia|0.03
      area|Sienna|45|29.5350|-95.5150|3.5|4|1.05|2000|0.99|77459\
      |Sienna Plantation, Sienna Village of Shipmans Cove, Sienna Village of Destrehan\
      |FORT_BEND|Brazos River|0.02
      city|Friendswood|Galveston|Clear Lake Area|29.5294|-95.2010|7|2|281|I-45, FM 528, FM 518, Beltway 8
      area|Friendswood|73|29.5294|-95.2010|5.0|1|1.0|1970|0.85|77546\
      |Wedgewood Village, West Ranch, Polly Ranch, Heritage Park, Sunmeadow|FRIENDSWOOD|Clear Creek|0.02
      city|Tomball|Harris|Tomball|30.0972|-95.6161|8|2.5|281|TX-249, Grand Parkway, FM 2920, FM 2978
      area|Tomball|31|30.0900|-95.6000|5.0|1|0.9|1985|0.8|77375, 77377\
      |Northpointe, Rosehill Reserve, Villages of Northpointe, Creek View Estates|TOMBALL||0
      city|Richmond|Fort Bend|Fort Bend|29.5822|-95.7608|14|2.5|281|US-59, Grand Parkway, FM 359, FM 762
      area|Richmond|46|29.5800|-95.7600|4.0|4|0.8|1990|0.85|77406, 77469\
      |Pecan Grove, Waterside Estates, Bridlewood Estates, Mission Bend|LAMAR|Brazos River|0.03
      area|Richmond North|47|29.6400|-95.6900|3.5|5|0.95|2008|0.99|77407\
      |Aliana, Harvest Green, Long Meadow Farms, Lakemont|LAMAR||0
      city|Baytown|Harris|East Harris County|29.7355|-94.9774|9|2.5|281|I-10, TX-146, Spur 330, Garth Road
      area|Baytown|55|29.7400|-94.9800|6.0|1|0.7|1955|0.4|77520, 77521\
      |Country Club Oaks, Lakewood, Chaparral Village, Goose Creek Reserve|GOOSE_CREEK|Galveston Bay|0.06
      city|Bellaire|Harris|Houston|29.7058|-95.4588|3|1.5|713|I-610, US-59, Bellaire Boulevard, Bissonnet Street
      area|Bellaire Area|16|29.7058|-95.4588|2.2|1|2.3|1950|0.15|77401\
      |Bellaire Gardens, Southdale, Westmoreland, Bellaire Oaks|HOUSTON||0
      city|Galveston|Galveston|Galveston Island|29.2500|-94.8800|20|2.5|409|I-45, Seawall Boulevard, FM 3005, Broadway
      area|Galveston Island East|81|29.2900|-94.8000|3.0|5|1.2|1950|0.3|77550, 77551\
      |East End Historic District, Kempner, Lasker Park, Fort Crockett|GALVESTON\
      |Gulf of Mexico, Galveston Bay|0.4
      area|Galveston Island West|82|29.2000|-94.9600|5.0|4|1.4|1970|0.8|77554\
      |Pirates Beach, Evia, Lake Como, Bermuda Beach|GALVESTON|Gulf of Mexico, West Bay|0.55
      city|Seabrook|Harris|Clear Lake Area|29.5641|-95.0255|5|1|281|TX-146, NASA Parkway, Red Bluff Road
      area|Seabrook|74|29.5641|-95.0255|3.5|1|1.1|1965|0.6|77586\
      |Lakeside at Seabrook, Seabrook Shores, Todville Estates, Bayou Oaks|CLEAR_CREEK\
      |Galveston Bay, Clear Lake, Taylor Lake|0.3
      city|Kemah|Galveston|Clear Lake Area|29.5427|-95.0202|3|0.5|281|TX-146, FM 2094, FM 518
      area|Kemah|75|29.5427|-95.0202|2.0|1|1.1|1970|0.6|77565\
      |Kemah Village, Lazy Bend, Hidden Cove, Kemah Shores|CLEAR_CREEK|Galveston Bay, Clear Lake|0.35
      """;

  private static final Map<String, SchoolDistrict> DISTRICTS =
      Map.ofEntries(
          Map.entry("HOUSTON", SchoolDistricts.HOUSTON),
          Map.entry("SPRING_BRANCH", SchoolDistricts.SPRING_BRANCH),
          Map.entry("ALIEF", SchoolDistricts.ALIEF),
          Map.entry("HUMBLE", SchoolDistricts.HUMBLE),
          Map.entry("CLEAR_CREEK", SchoolDistricts.CLEAR_CREEK),
          Map.entry("KATY", SchoolDistricts.KATY),
          Map.entry("FORT_BEND", SchoolDistricts.FORT_BEND),
          Map.entry("CONROE", SchoolDistricts.CONROE),
          Map.entry("KLEIN", SchoolDistricts.KLEIN),
          Map.entry("SPRING", SchoolDistricts.SPRING),
          Map.entry("CY_FAIR", SchoolDistricts.CY_FAIR),
          Map.entry("PEARLAND", SchoolDistricts.PEARLAND),
          Map.entry("PASADENA", SchoolDistricts.PASADENA),
          Map.entry("FRIENDSWOOD", SchoolDistricts.FRIENDSWOOD),
          Map.entry("TOMBALL", SchoolDistricts.TOMBALL),
          Map.entry("LAMAR", SchoolDistricts.LAMAR),
          Map.entry("GOOSE_CREEK", SchoolDistricts.GOOSE_CREEK),
          Map.entry("GALVESTON", SchoolDistricts.GALVESTON));

  /** Every city, in table order. */
  static final List<City> CITIES = parse(TABLE);

  private static final double[] CITY_WEIGHTS = CITIES.stream().mapToDouble(City::weight).toArray();

  /** A city drawn by its share of listings. */
  static City pickCity(Dice dice) {
    return CITIES.get(dice.weighted(CITY_WEIGHTS));
  }

  /** An MLS area of {@code city} drawn by its share of the city's listings. */
  static MlsArea pickArea(Dice dice, City city) {
    List<MlsArea> areas = city.areas();
    if (areas.size() == 1) {
      return areas.get(0);
    }
    double[] weights = new double[areas.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = areas.get(i).weight();
    }
    return areas.get(dice.weighted(weights));
  }

  private static List<City> parse(String table) {
    List<City> cities = new ArrayList<>();
    String[] city = null;
    List<MlsArea> areas = new ArrayList<>();
    for (String line : table.split("\n")) {
      String[] f = line.split("\\|", -1);
      if (f[0].equals("city")) {
        if (city != null) {
          cities.add(city(city, areas));
        }
        city = f;
        areas = new ArrayList<>();
      } else if (f[0].equals("area")) {
        areas.add(area(f));
      } else if (!line.isBlank()) {
        throw new IllegalStateException("bad city table line: " + line);
      }
    }
    cities.add(city(city, areas));
    return List.copyOf(cities);
  }

  private static City city(String[] f, List<MlsArea> areas) {
    return new City(
        f[1],
        f[2],
        f[3],
        Double.parseDouble(f[4]),
        Double.parseDouble(f[5]),
        Double.parseDouble(f[6]),
        Double.parseDouble(f[7]),
        f[8],
        SchoolDistricts.split(f[9]),
        areas);
  }

  private static MlsArea area(String[] f) {
    SchoolDistrict district = DISTRICTS.get(f[12]);
    if (district == null) {
      throw new IllegalStateException("unknown school district " + f[12]);
    }
    return new MlsArea(
        f[1],
        f[2],
        Double.parseDouble(f[3]),
        Double.parseDouble(f[4]),
        Double.parseDouble(f[5]),
        Double.parseDouble(f[6]),
        Double.parseDouble(f[7]),
        Integer.parseInt(f[8]),
        Double.parseDouble(f[9]),
        SchoolDistricts.split(f[10]),
        SchoolDistricts.split(f[11]),
        district,
        f[13].isEmpty() ? List.of() : SchoolDistricts.split(f[13]),
        Double.parseDouble(f[14]));
  }
}
