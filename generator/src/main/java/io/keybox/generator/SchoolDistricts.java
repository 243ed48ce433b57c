package io.keybox.generator;

import java.util.List;

/** The school districts of the generated metro, with some of their schools. */
final class SchoolDistricts {
  private SchoolDistricts() {}

  static final SchoolDistrict HOUSTON =
      d(
          "Houston ISD",
          "Harvard, Travis, Roberts, Poe, Lovett, Herod, Field, Love",
          "Hogg, Lanier, Pershing, Black, Fondren",
          "Heights, Lamar, Bellaire, Westbury, Waltrip");
  static final SchoolDistrict SPRING_BRANCH =
      d(
          "Spring Branch ISD",
          "Frostwood, Memorial Drive, Bunker Hill, Valley Oaks, Housman, Hunters Creek",
          "Memorial, Spring Forest, Landrum, Spring Oaks",
          "Memorial, Stratford, Spring Woods, Northbrook");
  static final SchoolDistrict ALIEF =
      d(
          "Alief ISD",
          "Youens, Hearne, Boone, Mahanay, Outley",
          "O'Donovan, Killough, Albright, Olle",
          "Elsik, Hastings, Taylor");
  static final SchoolDistrict HUMBLE =
      d(
          "Humble ISD",
          "Willow Creek, Foster, Elm Grove, Bear Branch, Eagle Springs, Woodland Hills",
          "Creekwood, Riverwood, Atascocita, Timberwood, Kingwood",
          "Kingwood, Kingwood Park, Atascocita, Summer Creek, Humble");
  static final SchoolDistrict CLEAR_CREEK =
      d(
          "Clear Creek ISD",
          "Ward, Brookwood, Ross, Bauerschlag, McWhirter, Whitcomb",
          "Seabrook, League City, Space Center, Westbrook, Victory Lakes",
          "Clear Lake, Clear Creek, Clear Falls, Clear Springs, Clear Brook");
  static final SchoolDistrict KATY =
      d(
          "Katy ISD",
          "Creech, Fielder, Kilpatrick, Stockdick, Rylander, Exley",
          "Beck, Seven Lakes, Cinco Ranch, Katy, Tays",
          "Seven Lakes, Cinco Ranch, Katy, Tompkins, Paetow");
  static final SchoolDistrict FORT_BEND =
      d(
          "Fort Bend ISD",
          "Colony Bend, Oyster Creek, Commonwealth, Scanlan Oaks, Palmer, Sienna Crossing",
          "Fort Settlement, First Colony, Dulles, Baines, Sartartia",
          "Clements, Dulles, Austin, Elkins, Ridge Point");
  static final SchoolDistrict CONROE =
      d(
          "Conroe ISD",
          "Deretchin, Powell, Buckalew, Glen Loch, Lamar, Runyan",
          "McCullough, Knox, Mitchell, Peet, Stockton",
          "The Woodlands, The Woodlands College Park, Conroe, Oak Ridge, Lake Creek");
  static final SchoolDistrict KLEIN =
      d(
          "Klein ISD",
          "Benignus, Kaiser, Mahaffey, Mueller, Hassler",
          "Doerre, Strack, Kleb, Schindewolf",
          "Klein, Klein Collins, Klein Oak, Klein Cain");
  static final SchoolDistrict SPRING =
      d(
          "Spring ISD",
          "Bammel, Hoyland, Meyer, Salyers",
          "Twin Creeks, Bailey, Claughton",
          "Spring, Dekaney, Westfield");
  static final SchoolDistrict CY_FAIR =
      d(
          "Cypress-Fairbanks ISD",
          "Sampson, Tipps, Rennell, Pope, Ault",
          "Hamilton, Goodson, Salyards, Spillane, Anthony",
          "Cypress Woods, Cypress Ranch, Bridgeland, Cy-Fair, Cypress Creek");
  static final SchoolDistrict PEARLAND =
      d(
          "Pearland ISD",
          "Silverlake, Magnolia, Massey Ranch, Rustic Oak",
          "Berry Miller, Pearland Junior High West, Sablatura",
          "Pearland, Glenda Dawson, Turner");
  static final SchoolDistrict PASADENA =
      d(
          "Pasadena ISD",
          "Bailey, Burnett, Fisher, McMasters, Red Bluff",
          "Bondy, Miller, Southmore, Beverly Hills",
          "Pasadena, Pasadena Memorial, South Houston, Sam Rayburn");
  static final SchoolDistrict FRIENDSWOOD =
      d(
          "Friendswood ISD",
          "Westwood, Windsong, Zue S. Bales, Cline",
          "Friendswood Junior High",
          "Friendswood");
  static final SchoolDistrict TOMBALL =
      d(
          "Tomball ISD",
          "Creekview, Timber Creek, Canyon Pointe, Rosehill",
          "Tomball Junior High, Willow Wood Junior High, Creekside Park Junior High",
          "Tomball, Tomball Memorial, Tomball West");
  static final SchoolDistrict LAMAR =
      d(
          "Lamar CISD",
          "Campbell, Huggins, Hubenak, Jane Long",
          "Wessendorff, George Junior High, Briscoe",
          "Lamar Consolidated, George Ranch, Foster, Fulshear");
  static final SchoolDistrict GOOSE_CREEK =
      d(
          "Goose Creek CISD",
          "Travis, Bowie, Carver, Harlem",
          "Cedar Bayou, Gentry, Highlands, Horace Mann",
          "Goose Creek Memorial, Sterling, Baytown Lee");
  static final SchoolDistrict GALVESTON =
      d("Galveston ISD", "Oppe, Parker, Morgan, Rosenberg", "Weis, Austin", "Ball");

  /** A district from comma-separated school lists. */
  private static SchoolDistrict d(String name, String elementary, String middle, String high) {
    return new SchoolDistrict(name, split(elementary), split(middle), split(high));
  }

  static List<String> split(String commaSeparated) {
    return List.of(commaSeparated.split(", "));
  }
}
