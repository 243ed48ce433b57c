package io.keybox.schema.reso;

import static io.keybox.schema.reso.ResoField.Conversion.COPY;
import static io.keybox.schema.reso.ResoField.Conversion.DATE;
import static io.keybox.schema.reso.ResoField.Conversion.DERIVED;
import static io.keybox.schema.reso.ResoField.Conversion.FLAG;
import static io.keybox.schema.reso.ResoField.Conversion.JOIN;
import static io.keybox.schema.reso.ResoType.BOOLEAN;
import static io.keybox.schema.reso.ResoType.DAY;
import static io.keybox.schema.reso.ResoType.DECIMAL;
import static io.keybox.schema.reso.ResoType.EXPANSION;
import static io.keybox.schema.reso.ResoType.INTEGER;
import static io.keybox.schema.reso.ResoType.LOOKUP;
import static io.keybox.schema.reso.ResoType.LOOKUP_MULTI;
import static io.keybox.schema.reso.ResoType.POINT;
import static io.keybox.schema.reso.ResoType.STRING;
import static io.keybox.schema.reso.ResoType.TIMESTAMP;

import io.keybox.schema.listing.ListingFields;
import java.util.List;

/**
 * The RESO Property ↔ Listing field table (docs/reso-mapping.md, row for row): the indexer maps a
 * RESO Property record onto a Listing with it, and the server's RESO Web API serves the inverse
 * view of the same rows (a RESO field is advertised once, by its first row that can be inverted).
 */
public final class ResoPropertyFields {
  private ResoPropertyFields() {}

  /** The rows: RESO field, Listing path, conversion, Data Dictionary type, Lucene field if any. */
  public static final List<ResoField> FIELDS =
      List.of(
          ResoField.of("ListingId", "listingId", COPY, STRING).indexedAs(ListingFields.LISTING_ID),
          ResoField.of("ListPrice", "listPrice", COPY, DECIMAL).indexedAs(ListingFields.LIST_PRICE),
          ResoField.of("OriginalListPrice", "originalListPrice", COPY, DECIMAL),
          ResoField.of("ListingContractDate", "listDate", DATE, DAY)
              .indexedAs(ListingFields.LIST_DATE),
          ResoField.of("OnMarketDate", "listDate", DERIVED, DAY),
          ResoField.of("ModificationTimestamp", "modified", COPY, TIMESTAMP)
              .indexedAs(ListingFields.MODIFIED),
          ResoField.of("PublicRemarks", "remarks", COPY, STRING),
          ResoField.of("PrivateRemarks", "privateRemarks", COPY, STRING),
          ResoField.of("ShowingInstructions", "showingInstructions", COPY, STRING),
          ResoField.of("ShowingContactName", "showingContactName", COPY, STRING),
          ResoField.of("ShowingContactPhone", "showingContactPhone", COPY, STRING),
          ResoField.of("SpecialListingConditions", "specialListingConditions", JOIN, LOOKUP_MULTI),
          ResoField.of("Ownership", "ownership", COPY, LOOKUP).indexedAs(ListingFields.OWNERSHIP),
          ResoField.of("LeaseTerm", "leaseTerm", COPY, LOOKUP),
          ResoField.of("ListingTerms", "terms", JOIN, LOOKUP_MULTI),
          ResoField.of("ListingAgreement", "agreement", COPY, LOOKUP),
          ResoField.of("VirtualTourURLUnbranded", "virtualTourUrl", COPY, STRING),
          ResoField.of("InternetAddressDisplayYN", "internetAddressDisplay", FLAG, BOOLEAN)
              .indexedAs(ListingFields.ADDRESS_DISPLAY),
          ResoField.of(
                  "InternetEntireListingDisplayYN", "internetEntireListingDisplay", FLAG, BOOLEAN)
              .indexedAs(ListingFields.LISTING_DISPLAY),
          ResoField.of("Media", "photos", DERIVED, EXPANSION),
          ResoField.of("PropertyType", "property.type", DERIVED, LOOKUP)
              .inverted()
              .indexedAs(ListingFields.TYPE),
          ResoField.of("PropertySubType", "property.subType", COPY, LOOKUP)
              .indexedAs(ListingFields.SUBTYPE),
          ResoField.of("PropertySubType", "property.subTypeText", COPY, LOOKUP),
          ResoField.of("BedroomsTotal", "property.bedrooms", COPY, INTEGER)
              .indexedAs(ListingFields.BEDS),
          ResoField.of("BathroomsTotalInteger", "property.bathrooms", COPY, INTEGER),
          ResoField.of("BathroomsFull", "property.bathsFull", COPY, INTEGER)
              .indexedAs(ListingFields.BATHS_FULL),
          ResoField.of("BathroomsHalf", "property.bathsHalf", COPY, INTEGER),
          ResoField.of("BathroomsThreeQuarter", "property.bathsThreeQuarter", COPY, INTEGER),
          ResoField.of("LivingArea", "property.area", COPY, DECIMAL).indexedAs(ListingFields.AREA),
          ResoField.of("LivingAreaSource", "property.areaSource", COPY, LOOKUP),
          ResoField.of("StoriesTotal", "property.stories", COPY, INTEGER),
          ResoField.of("FireplacesTotal", "property.fireplaces", COPY, INTEGER),
          ResoField.of("YearBuilt", "property.yearBuilt", COPY, INTEGER)
              .indexedAs(ListingFields.YEAR_BUILT),
          ResoField.of("GarageSpaces", "property.garageSpaces", COPY, DECIMAL)
              .indexedAs(ListingFields.GARAGE_SPACES),
          ResoField.of("ParkingTotal", "property.parking.spaces", COPY, DECIMAL),
          ResoField.of("ParkingFeatures", "property.parking.description", JOIN, LOOKUP_MULTI),
          ResoField.of("LotSizeDimensions", "property.lotSize", COPY, STRING),
          ResoField.of("LotSizeArea", "property.lotSizeArea", COPY, DECIMAL)
              .indexedAs(ListingFields.LOT_SIZE_AREA),
          ResoField.of("LotSizeUnits", "property.lotSizeAreaUnits", COPY, LOOKUP),
          ResoField.of("LotSizeAcres", "property.acres", COPY, DECIMAL)
              .indexedAs(ListingFields.ACRES),
          ResoField.of("LotSizeSquareFeet", "property.acres", DERIVED, DECIMAL),
          ResoField.of("LotSizeSquareFeet", "property.lotSizeArea", DERIVED, DECIMAL),
          ResoField.of("LotFeatures", "property.lotDescription", JOIN, LOOKUP_MULTI),
          ResoField.of("Roof", "property.roof", JOIN, LOOKUP_MULTI),
          ResoField.of("Cooling", "property.cooling", JOIN, LOOKUP_MULTI),
          ResoField.of("Heating", "property.heating", JOIN, LOOKUP_MULTI),
          ResoField.of("ArchitecturalStyle", "property.style", JOIN, LOOKUP_MULTI),
          ResoField.of("Flooring", "property.flooring", JOIN, LOOKUP_MULTI),
          ResoField.of("FoundationDetails", "property.foundation", JOIN, LOOKUP_MULTI),
          ResoField.of("ConstructionMaterials", "property.construction", JOIN, LOOKUP_MULTI),
          ResoField.of("View", "property.view", JOIN, LOOKUP_MULTI),
          ResoField.of("AccessibilityFeatures", "property.accessibility", JOIN, LOOKUP_MULTI),
          ResoField.of("LaundryFeatures", "property.laundryFeatures", JOIN, LOOKUP_MULTI),
          ResoField.of("InteriorFeatures", "property.interiorFeatures", JOIN, LOOKUP_MULTI)
              .indexedAs(ListingFields.FEATURES),
          ResoField.of("ExteriorFeatures", "property.exteriorFeatures", JOIN, LOOKUP_MULTI)
              .indexedAs(ListingFields.EXTERIOR_FEATURES),
          ResoField.of("SubdivisionName", "property.subdivision", COPY, STRING)
              .indexedAs(ListingFields.SUBDIVISION),
          ResoField.of("WaterBodyName", "property.water", COPY, STRING)
              .indexedAs(ListingFields.WATER),
          ResoField.of("PoolFeatures", "property.pool", JOIN, LOOKUP_MULTI),
          ResoField.of("OccupantName", "property.occupantName", COPY, STRING),
          ResoField.of("OccupantType", "property.occupantType", COPY, LOOKUP),
          ResoField.of("OwnerName", "property.ownerName", COPY, STRING),
          ResoField.of("Rooms", "property.rooms", DERIVED, EXPANSION),
          ResoField.of("UnparsedAddress", "address.full", DERIVED, STRING).inverted(),
          ResoField.of("StreetNumber", "address.streetNumberText", COPY, STRING),
          ResoField.of("StreetNumber", "address.streetNumber", DERIVED, STRING),
          ResoField.of("StreetName", "address.streetName", DERIVED, STRING).inverted(),
          ResoField.of("UnitNumber", "address.unit", COPY, STRING),
          ResoField.of("City", "address.city", COPY, LOOKUP).indexedAs(ListingFields.CITY),
          ResoField.of("StateOrProvince", "address.state", COPY, LOOKUP)
              .indexedAs(ListingFields.STATE),
          ResoField.of("PostalCode", "address.postalCode", COPY, LOOKUP)
              .indexedAs(ListingFields.POSTAL_CODE),
          ResoField.of("Country", "address.country", COPY, LOOKUP),
          ResoField.of("CrossStreet", "address.crossStreet", COPY, STRING),
          ResoField.of("Latitude", "geo.lat", COPY, DECIMAL),
          ResoField.of("Longitude", "geo.lng", COPY, DECIMAL),
          // Not a Data Dictionary field: the point the hosted RESO services (Bridge, Trestle) serve
          // for geo.intersects, which takes a geography property, not Latitude and Longitude.
          ResoField.of("Coordinates", "geo", DERIVED, POINT)
              .inverted()
              .indexedAs(ListingFields.GEO),
          ResoField.of("CountyOrParish", "geo.county", COPY, LOOKUP)
              .indexedAs(ListingFields.COUNTY),
          ResoField.of("MLSAreaMajor", "geo.marketArea", COPY, LOOKUP),
          ResoField.of("Directions", "geo.directions", COPY, STRING),
          ResoField.of("StandardStatus", "mls.status", DERIVED, LOOKUP)
              .inverted()
              .indexedAs(ListingFields.STATUS),
          ResoField.of("MlsStatus", "mls.statusText", COPY, LOOKUP),
          ResoField.of("MLSAreaMajor", "mls.area", COPY, LOOKUP).indexedAs(ListingFields.MLS_AREA),
          ResoField.of("MLSAreaMinor", "mls.areaMinor", COPY, LOOKUP)
              .indexedAs(ListingFields.MLS_AREA_MINOR),
          ResoField.of("DaysOnMarket", "mls.daysOnMarket", COPY, INTEGER)
              .indexedAs(ListingFields.DAYS_ON_MARKET),
          ResoField.of("OriginalEntryTimestamp", "mls.originalEntryTimestamp", COPY, TIMESTAMP),
          ResoField.of("OriginatingSystemName", "mls.originatingSystemName", COPY, STRING),
          ResoField.of("ListAgentMlsId", "agent.id", COPY, STRING).indexedAs(ListingFields.AGENT),
          ResoField.of("ListAgentFirstName", "agent.firstName", COPY, STRING),
          ResoField.of("ListAgentLastName", "agent.lastName", COPY, STRING),
          ResoField.of("ListAgentFullName", "agent.firstName", DERIVED, STRING),
          ResoField.of("ListAgentFullName", "agent.lastName", DERIVED, STRING),
          ResoField.of("ListOfficeMlsId", "agent.officeMlsId", COPY, STRING),
          ResoField.of("ListAgentEmail", "agent.contact.email", COPY, STRING),
          ResoField.of("ListAgentDirectPhone", "agent.contact.office", DERIVED, STRING).inverted(),
          ResoField.of("ListAgentOfficePhone", "agent.contact.office", DERIVED, STRING),
          ResoField.of("ListAgentCellPhone", "agent.contact.cell", DERIVED, STRING).inverted(),
          ResoField.of("ListAgentMobilePhone", "agent.contact.cell", DERIVED, STRING),
          ResoField.of("CoListAgentMlsId", "coAgent.id", COPY, STRING)
              .indexedAs(ListingFields.CO_AGENT),
          ResoField.of("CoListAgentFirstName", "coAgent.firstName", COPY, STRING),
          ResoField.of("CoListAgentLastName", "coAgent.lastName", COPY, STRING),
          ResoField.of("CoListAgentFullName", "coAgent.firstName", DERIVED, STRING),
          ResoField.of("CoListAgentFullName", "coAgent.lastName", DERIVED, STRING),
          ResoField.of("CoListOfficeMlsId", "coAgent.officeMlsId", COPY, STRING),
          ResoField.of("CoListAgentEmail", "coAgent.contact.email", COPY, STRING),
          ResoField.of("CoListAgentDirectPhone", "coAgent.contact.office", DERIVED, STRING)
              .inverted(),
          ResoField.of("CoListAgentOfficePhone", "coAgent.contact.office", DERIVED, STRING),
          ResoField.of("CoListAgentCellPhone", "coAgent.contact.cell", DERIVED, STRING).inverted(),
          ResoField.of("CoListAgentMobilePhone", "coAgent.contact.cell", DERIVED, STRING),
          ResoField.of("ListOfficeName", "office.name", COPY, STRING),
          ResoField.of("ListOfficeMlsId", "office.brokerid", COPY, STRING)
              .indexedAs(ListingFields.BROKER),
          ResoField.of("ListOfficeEmail", "office.contact.email", COPY, STRING),
          ResoField.of("ListOfficePhone", "office.contact.office", COPY, STRING),
          ResoField.of("CloseDate", "sales.closeDate", DATE, DAY)
              .indexedAs(ListingFields.CLOSE_DATE),
          ResoField.of("PurchaseContractDate", "sales.contractDate", DATE, DAY),
          ResoField.of("ClosePrice", "sales.closePrice", COPY, DECIMAL),
          ResoField.of("BuyerAgentMlsId", "sales.agent.id", COPY, STRING)
              .indexedAs(ListingFields.SALES_AGENT),
          ResoField.of("BuyerAgentFirstName", "sales.agent.firstName", COPY, STRING),
          ResoField.of("BuyerAgentLastName", "sales.agent.lastName", COPY, STRING),
          ResoField.of("BuyerAgentFullName", "sales.agent.firstName", DERIVED, STRING),
          ResoField.of("BuyerAgentFullName", "sales.agent.lastName", DERIVED, STRING),
          ResoField.of("BuyerOfficeMlsId", "sales.agent.officeMlsId", COPY, STRING),
          ResoField.of("BuyerAgentEmail", "sales.agent.contact.email", COPY, STRING),
          ResoField.of("BuyerAgentDirectPhone", "sales.agent.contact.office", DERIVED, STRING)
              .inverted(),
          ResoField.of("BuyerAgentOfficePhone", "sales.agent.contact.office", DERIVED, STRING),
          ResoField.of("BuyerAgentCellPhone", "sales.agent.contact.cell", DERIVED, STRING)
              .inverted(),
          ResoField.of("BuyerAgentMobilePhone", "sales.agent.contact.cell", DERIVED, STRING),
          ResoField.of("BuyerOfficeName", "sales.office.name", COPY, STRING),
          ResoField.of("BuyerOfficeMlsId", "sales.office.brokerid", COPY, STRING),
          ResoField.of("BuyerOfficeEmail", "sales.office.contact.email", COPY, STRING),
          ResoField.of("BuyerOfficePhone", "sales.office.contact.office", COPY, STRING),
          ResoField.of("HighSchoolDistrict", "school.district", COPY, STRING),
          ResoField.of("ElementarySchool", "school.elementarySchool", COPY, STRING),
          ResoField.of("MiddleOrJuniorSchool", "school.middleSchool", COPY, STRING),
          ResoField.of("HighSchool", "school.highSchool", COPY, STRING),
          ResoField.of("ParcelNumber", "tax.id", COPY, STRING),
          ResoField.of("TaxYear", "tax.taxYear", COPY, INTEGER),
          ResoField.of("TaxAnnualAmount", "tax.taxAnnualAmount", COPY, DECIMAL),
          ResoField.of("AssociationName", "association.name", COPY, STRING),
          ResoField.of("AssociationFee", "association.fee", COPY, DECIMAL),
          ResoField.of("AssociationFeeFrequency", "association.frequency", COPY, LOOKUP),
          ResoField.of("AssociationAmenities", "association.amenities", JOIN, LOOKUP_MULTI));
}
