package io.keybox.generator;

import static io.keybox.generator.SchoolDistricts.split;

import java.util.List;

/**
 * Vocabularies of property features, in the raw text style of a Texas MLS. Lists whose items
 * contain commas are written with explicit {@code List.of}.
 */
final class Features {
  private Features() {}

  static final List<String> INTERIOR =
      split(
          "Alarm System - Owned, Breakfast Bar, Built-in Bookshelves, Ceiling Fan, Crown Molding, "
              + "Drapes/Curtains/Window Cover, Dry Bar, Elevator, Fire/Smoke Alarm, "
              + "Formal Entry/Foyer, Granite Counters, High Ceiling, Island Kitchen, "
              + "Kitchen Open to Family Room, Open Floorplan, Pantry, Prewired for Alarm System, "
              + "Quartz Counters, Refrigerator Included, Skylight, Spa/Hot Tub, Split Plan, "
              + "Walk-In Closet, Wet Bar, Wine Cellar, Wired for Sound");

  static final List<String> EXTERIOR =
      split(
          "Artificial Turf, Back Green Space, Back Yard, Back Yard Fenced, Balcony, "
              + "Controlled Subdivision Access, Covered Patio/Deck, Exterior Gas Connection, "
              + "Fully Fenced, Mosquito Control System, Outdoor Kitchen, Patio/Deck, Porch, "
              + "Private Driveway, Rain Gutters, Satellite Dish, Screened Porch, Side Yard, "
              + "Sprinkler System, Storage Shed, Subdivision Tennis Court, Workshop");

  static final List<String> CONDO_EXTERIOR =
      split(
          "Balcony, Controlled Subdivision Access, Covered Patio/Deck, Exterior Maintenance, "
              + "Patio/Deck, Private Yard, Storage, Trash Chute");

  static final List<String> ROOF =
      split("Composition, Composition, Composition, Tile, Metal, Slate");
  static final List<String> HEATING =
      split("Central Gas, Central Electric, Heat Pump, Zoned, Radiant Heat, Space Heater");
  static final List<String> COOLING =
      split("Central Electric, Central Gas, Zoned, Heat Pump, Window Units, Attic Fan");
  static final List<String> STYLE =
      split(
          "Traditional, Traditional, Contemporary/Modern, Ranch, Colonial, Craftsman, French, "
              + "Mediterranean, Spanish, Victorian, Split Level, Cottage, Georgian, "
              + "Texas Hill Country, Other Style");
  static final List<String> FLOORING =
      split(
          "Carpet, Tile, Wood, Engineered Wood, Laminate, Vinyl Plank, Marble Floors, Concrete, "
              + "Travertine");
  static final List<String> FOUNDATION =
      split("Slab, Slab, Slab, Pier & Beam, Block & Beam, Slab on Builders Pier");
  static final List<String> CONSTRUCTION =
      split("Brick, Brick Veneer, Cement Board, Wood, Stucco, Stone, Vinyl, Frame");
  static final List<String> VIEW = split("Golf Course, Greenbelt, Neighborhood, Trees/Woods, Park");
  static final List<String> ACCESSIBILITY =
      split(
          "Manned Gate, Automatic Gate, Wheelchair Access, Elevator, Ramp, "
              + "Hallways 36+ Inches Wide");
  static final List<String> LAUNDRY =
      split(
          "Electric Dryer Connections, Gas Dryer Connections, Washer Connections, Inside, "
              + "In Garage, Stackable W/D Connections, Laundry Room, Dryer Included, "
              + "Washer Included");
  static final List<String> LOT_DESCRIPTION =
      split(
          "Cul-de-sac, Corner, Subdivision Lot, On Golf Course, Wooded, Cleared, Greenbelt, "
              + "Private Backyard, Fenced Yard");
  static final List<String> ADDITIONAL_ROOMS =
      split(
          "Breakfast Area, Den, Exercise Room, Family Room, Formal Dining, Formal Living, "
              + "Game Room, Home Office, Living/Den, Media/Home Theater, Office/Study, Sun Room, "
              + "Utility Room, Wine Room");
  static final List<String> PARKING =
      split(
          "Attached Garage, Detached Garage, Carport, Driveway Gate, Auto Garage Door Opener, "
              + "Double-Wide Driveway, Tandem, Assigned Parking, Garage Door Opener");
  static final List<String> AREA_SOURCE = split("Appraisal District, Builder, Seller, Appraiser");
  static final List<String> OCCUPANT_TYPE = split("Owner, Tenant, Vacant");
  static final List<String> AMENITIES =
      split(
          "Clubhouse, Community Pool, Playground, Tennis Court(s), Jogging Path, Park, "
              + "Golf Course, Fitness Center, Controlled Access, Splash Pad, Dog Park, Lake, "
              + "Trail(s), Sport Court");
  static final List<String> CONDO_AMENITIES =
      split(
          "Concierge, Controlled Access, Elevator, Fitness Center, Pool, Rooftop Deck, "
              + "Trash Pickup, Water, Sewer, Insurance, Exterior Maintenance");
  static final List<String> TERMS =
      split("Cash, Conventional, FHA, VA, Investor, Owner Financing, Texas Vet, USDA");
  static final List<String> LEASE_TERMS =
      split("12 Months, 12 Months, 12 Months, 6 Months, 24 Months, Month to Month");
  static final List<String> ROOM_FEATURES =
      split(
          "Walk-In Closet, En-Suite Bath, Ceiling Fan, Bay Window, Built-Ins, Hardwood Floors, "
              + "Vaulted Ceiling, Window Seat, Recessed Lighting");
}
