package io.keybox.generator;

import static io.keybox.generator.SchoolDistricts.split;

import java.util.List;

/** Vocabularies of people, streets and brokerages. */
final class Names {
  private Names() {}

  static final List<String> FIRST =
      split(
          "James, Mary, Robert, Patricia, John, Jennifer, Michael, Linda, David, Elizabeth, "
              + "William, Barbara, Richard, Susan, Joseph, Jessica, Thomas, Sarah, Christopher, "
              + "Karen, Charles, Lisa, Daniel, Nancy, Matthew, Betty, Anthony, Sandra, Mark, "
              + "Margaret, Donald, Ashley, Steven, Kimberly, Andrew, Emily, Paul, Donna, Joshua, "
              + "Michelle, Kenneth, Carol, Kevin, Amanda, Brian, Melissa, Timothy, Deborah, Ronald, "
              + "Stephanie, Jason, Rebecca, George, Laura, Edward, Cynthia, Jeffrey, Amy, Ryan, "
              + "Angela, Jacob, Shirley, Gary, Brenda, Nicholas, Emma, Eric, Anna, Jonathan, "
              + "Pamela, Stephen, Nicole, Larry, Samantha, Justin, Katherine, Scott, Christine, "
              + "Brandon, Rachel, Benjamin, Carolyn, Samuel, Janet, Gregory, Maria, Alexander, "
              + "Olivia, Patrick, Heather, Frank, Helen, Raymond, Catherine, Jack, Diane, Dennis, "
              + "Julie, Jerry, Victoria, Tyler, Joyce, Aaron, Lauren, Jose, Kelly, Adam, Christina, "
              + "Nathan, Ruth, Henry, Joan, Zachary, Virginia, Douglas, Judith, Peter, Evelyn, Kyle, "
              + "Hannah, Noah, Andrea, Ethan, Megan, Jeremy, Cheryl, Walter, Jacqueline, Christian, "
              + "Madison, Keith, Teresa, Roger, Abigail, Terry, Sophia, Austin, Martha, Sean, Sara, "
              + "Gerald, Gloria, Carl, Janice, Harold, Kathryn, Dylan, Ann, Arthur, Isabella, "
              + "Lawrence, Judy, Jordan, Charlotte, Jesse, Julia, Bryan, Grace, Billy, Amber, Bruce, "
              + "Alice, Gabriel, Denise, Joe, Danielle, Logan, Marilyn, Alan, Beverly, Juan, Natalie, "
              + "Wayne, Theresa, Elijah, Diana, Randy, Brittany, Roy, Doris, Vincent, Kayla, Ralph, "
              + "Alexis, Eugene, Lori, Russell, Marie, Bobby, Carlos, Luis, Priya, Wei, Minh, "
              + "Ngoc, Ahmed, Fatima, Rahul, Mei, Hector, Guadalupe, Alejandro, Sofia, Diego, "
              + "Valeria, Oluwaseun, Chidi, Tran, Anil");

  static final List<String> LAST =
      split(
          "Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez, "
              + "Hernandez, Lopez, Gonzalez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, "
              + "Martin, Lee, Perez, Thompson, White, Harris, Sanchez, Clark, Ramirez, Lewis, "
              + "Robinson, Walker, Young, Allen, King, Wright, Scott, Torres, Nguyen, Hill, Flores, "
              + "Green, Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts, "
              + "Gomez, Phillips, Evans, Turner, Diaz, Parker, Cruz, Edwards, Collins, Reyes, "
              + "Stewart, Morris, Morales, Murphy, Cook, Rogers, Gutierrez, Ortiz, Morgan, Cooper, "
              + "Peterson, Bailey, Reed, Kelly, Howard, Ramos, Kim, Cox, Ward, Richardson, Watson, "
              + "Brooks, Chavez, Wood, James, Bennett, Gray, Mendoza, Ruiz, Hughes, Price, Alvarez, "
              + "Castillo, Sanders, Patel, Myers, Long, Ross, Foster, Jimenez, Powell, Jenkins, "
              + "Perry, Russell, Sullivan, Bell, Coleman, Butler, Henderson, Barnes, Gonzales, "
              + "Fisher, Vasquez, Simmons, Romero, Jordan, Patterson, Alexander, Hamilton, Graham, "
              + "Reynolds, Griffin, Wallace, Moreno, West, Cole, Hayes, Bryant, Herrera, Gibson, "
              + "Ellis, Tran, Medina, Aguilar, Stevens, Murray, Ford, Castro, Marshall, Owens, "
              + "Harrison, Fernandez, McDonald, Woods, Washington, Kennedy, Wells, Vargas, Henry, "
              + "Chen, Freeman, Webb, Tucker, Guzman, Burns, Crawford, Olson, Simpson, Porter, "
              + "Hunter, Gordon, Mendez, Silva, Shaw, Snyder, Mason, Dixon, Munoz, Hunt, Hicks, "
              + "Holmes, Palmer, Wagner, Black, Robertson, Boyd, Rose, Stone, Salazar, Fox, Warren, "
              + "Mills, Meyer, Rice, Schmidt, Garza, Daniels, Ferguson, Nichols, Stephens, Soto, "
              + "Weaver, Ryan, Gardner, Payne, Grant, Dunn, Kelley, Spencer, Hawkins, Arnold, "
              + "Pierce, Vazquez, Hansen, Peters, Santos, Hart, Bradley, Knight, Elliott, Cunningham, "
              + "Duncan, Armstrong, Hudson, Carroll, Lane, Riley, Andrews, Alvarado, Ray, Delgado, "
              + "Berry, Perkins, Hoffman, Johnston, Matthews, Pena, Richards, Contreras, Willis, "
              + "Carpenter, Lawrence, Sandoval, Okafor, Shah, Huang, Pham, Le, Vu, Singh, Khan");

  static final List<String> STREETS =
      split(
          "Oak, Elm, Pecan, Magnolia, Live Oak, Cypress, Willow, Bluebonnet, Cedar, Hickory, "
              + "Sycamore, Laurel, Juniper, Pine Hollow, Maple Leaf, Dogwood, Redbud, Mockingbird, "
              + "Cardinal, Blue Jay, Heron, Pelican, Egret, Sandpiper, Bayou, Creekside, Riverbend, "
              + "Lakeshore, Bay Ridge, Harbor, Seawind, Prairie, Meadow, Ranch, Saddle, Stirling, "
              + "Windsor, Kensington, Ashford, Briar, Briarwood, Foxglove, Wild Rose, Primrose, "
              + "Camellia, Azalea, Gardenia, Jasmine, Honeysuckle, Lantana, Sage, Yaupon, Mesquite, "
              + "Post Oak, Memorial, Richmond, Bissonnet, Bellaire, Fondren, Gessner, "
              + "Kirkwood, Dairy Ashford, Eldridge, Wilcrest, Hammerly, Campbell, Voss, Chimney Rock, "
              + "Hillcroft, Shepherd, Durham, Yale, Heights, Studewood, Main, Travis, Austin, "
              + "San Jacinto, Crockett, Houston, Lamar, Bowie, Fannin, Caroline, Milam, Louisiana, "
              + "Smith, Bagby, Taft, Montrose, Waugh, Dunlavy, Hazard, Woodhead, Kirby, Greenbriar, "
              + "Stella Link, Braeswood, Holcombe, Rice, University, Sunset, Bolsover, Morningside, "
              + "Old Katy, Mason, Fry, Peek, Spring Green, Kingsland, "
              + "Highland Knolls, Greenhouse, Telge, Huffmeister, Jones, Louetta, "
              + "Kuykendahl, Gosling, Rayford, Sawdust, Woodforest, "
              + "Lake Front, Shadow Bend, Timber Ridge, Autumn Forest, Champion, "
              + "Forest Cove, Woodland Hills, Northpark, Mills Branch, "
              + "Wilson, Broadway, Yost, Country Place, Shadow Creek, "
              + "El Dorado, Stewart, "
              + "Red Bluff, Fairmont, Spencer, Burke, Preston, Garth, "
              + "Decker, Massey Tompkins, Texas, Alexander, Pin Oak, Avenue D");

  static final List<String> STREET_TYPES =
      split("St, Dr, Ln, Ct, Way, Blvd, Trl, Pl, Cir, Rd, Pkwy, Loop, Cv, Bend, Xing, Hollow");

  static final List<String> DIRECTIONS = split("N, S, E, W");

  static final List<String> BROKERAGE_FIRST =
      split(
          "Bayou City, Lone Star, Gulf Coast, Magnolia, Live Oak, Cypress Creek, Heritage, "
              + "Bluebonnet, Galleria, Memorial, Prairie, Pinewood, Harbor, Texas Premier, "
              + "Southern Star, Energy Corridor, Champion, Lakeside, Greater Houston, Space City, "
              + "Brazos Valley, Coastal, Red Oak, Evergreen, Keystone, Landmark, Sterling, Beacon, "
              + "Summit, Hometown, Trinity, Post Oak, Gateway, Lighthouse, Village, Pioneer");

  static final List<String> BROKERAGE_SECOND =
      split(
          "Realty, Properties, Real Estate, Realty Group, Homes, Real Estate Partners, "
              + "Property Group, Residential, Realtors, Real Estate Co., Land & Homes");
}
