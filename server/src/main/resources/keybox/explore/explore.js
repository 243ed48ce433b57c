// The Keybox explorer: the listings of one vendor on a map, through the public API only, with the
// key and secret the reader types (kept in this tab's sessionStorage, sent as HTTP Basic). The
// filter form is built from the API's own description: the parameters /-/openapi.json declares for
// /properties, /properties/clusters and /properties/analytics alike, with the values OPTIONS
// /properties lists. Relative URLs throughout, so the page works behind a proxy's prefix.
"use strict";

(function () {
  const API = new URL("../../", document.baseURI); // /-/explore/ -> the server's root
  const GEO_PARAMETERS = new Set(["points", "bbox", "radius", "vendor"]); // the map sets these
  const CARDS = 20;
  const MAX_LIST_VALUES = 12; // more distinct values than this: a text box with suggestions
  const CREDENTIALS = "keybox.explore.credentials";

  const $ = (id) => document.getElementById(id);
  const state = { auth: null, vendor: null, endpoints: [], fields: [], charts: {}, seq: 0 };
  let map;
  let markers;

  // ---- the API ----

  function basic(key, secret) {
    const bytes = new TextEncoder().encode(key + ":" + secret);
    let text = "";
    bytes.forEach((b) => (text += String.fromCharCode(b)));
    return "Basic " + btoa(text);
  }

  class ApiError extends Error {}

  async function api(path, params, method) {
    const url = new URL(path.replace(/^\//, ""), API);
    if (params) {
      params.forEach((value, name) => url.searchParams.append(name, value));
    }
    if (state.vendor) {
      url.searchParams.set("vendor", state.vendor);
    }
    const response = await fetch(url, {
      method: method || "GET",
      // The key travels in the header only; "omit" also keeps the browser from answering a 401
      // (a mistyped secret) with its own sign-in dialog.
      credentials: "omit",
      headers: state.auth ? { Authorization: state.auth, Accept: "application/json" } : {},
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = body && body.message ? body.message : response.statusText;
      throw new ApiError(response.status + " " + detail + " (" + url.pathname + ")");
    }
    return { body: body, headers: response.headers };
  }

  function say(text) {
    $("message").textContent = text || "";
  }

  // ---- signing in ----

  async function connect(key, secret) {
    state.auth = basic(key, secret);
    state.vendor = null;
    const root = (await api("/", null, "OPTIONS")).body;
    state.endpoints = root.endpoints || [];
    const vendors = root.vendors || [];
    if (vendors.length === 0) {
      throw new ApiError("this key may read no vendor");
    }
    const select = $("vendor");
    select.replaceChildren(...vendors.map((v) => new Option(v, v)));
    select.disabled = vendors.length < 2;
    sessionStorage.setItem(CREDENTIALS, JSON.stringify({ key: key, secret: secret }));
    $("signout").hidden = false;
    await useVendor(vendors[0]);
  }

  async function useVendor(vendor) {
    state.vendor = vendor;
    const [document_, metadata] = await Promise.all([
      fetch(new URL("-/openapi.json", API)).then((r) => r.json()),
      api("/properties", null, "OPTIONS"),
    ]);
    buildFilters(document_, metadata.body.fields || {});
    await showWholeVendor();
  }

  function signOut() {
    sessionStorage.removeItem(CREDENTIALS);
    location.reload();
  }

  // ---- the filter form, from the API's description ----

  function parametersOf(document_, path) {
    const operation = document_.paths[path] && document_.paths[path].get;
    if (!operation) {
      return [];
    }
    return operation.parameters.map((p) => {
      if (!p.$ref) {
        return p;
      }
      return p.$ref.split("/").slice(1).reduce((node, part) => node[part], document_);
    });
  }

  function buildFilters(document_, values) {
    const onAll = ["/properties/clusters", "/properties/analytics"].map(
      (path) => new Set(parametersOf(document_, path).map((p) => p.name)));
    const parameters = parametersOf(document_, "/properties").filter(
      (p) => p.in === "query" && !GEO_PARAMETERS.has(p.name) && onAll.every((s) => s.has(p.name)));
    const fields = $("filter-fields");
    fields.replaceChildren(...parameters.map((p) => field(p, values[p.name])));
    state.fields = parameters;
    $("filters").hidden = false;
  }

  function field(parameter, known) {
    const schema = parameter.schema || {};
    const repeatable = schema.type === "array";
    const item = repeatable ? schema.items || {} : schema;
    const choices = item.enum || known || [];
    const label = document.createElement("label");
    label.title = parameter.description || "";
    label.append(parameter.name + " ");
    let input;
    if (choices.length > 0 && choices.length <= MAX_LIST_VALUES) {
      input = document.createElement("select");
      input.multiple = repeatable;
      if (repeatable) {
        input.size = Math.min(choices.length, 4);
      } else {
        input.append(new Option("", ""));
      }
      choices.forEach((c) => input.append(new Option(String(c), String(c))));
    } else {
      input = document.createElement("input");
      if (item.type === "integer" || item.type === "number") {
        input.type = "number";
        input.step = item.type === "integer" ? "1" : "any";
        if (item.minimum !== undefined) input.min = item.minimum;
        if (item.maximum !== undefined) input.max = item.maximum;
      } else if (choices.length > 0) {
        const list = document.createElement("datalist");
        list.id = "values-" + parameter.name;
        choices.forEach((c) => list.append(new Option(String(c))));
        label.append(list);
        input.setAttribute("list", list.id);
      }
    }
    input.name = parameter.name;
    input.id = "filter-" + parameter.name;
    label.append(input);
    return label;
  }

  function filterParams() {
    const params = new URLSearchParams();
    state.fields.forEach((p) => {
      const input = $("filter-" + p.name);
      if (input.tagName === "SELECT") {
        Array.from(input.selectedOptions)
          .filter((o) => o.value !== "")
          .forEach((o) => params.append(p.name, o.value));
      } else if (input.value.trim() !== "") {
        params.append(p.name, input.value.trim());
      }
    });
    return params;
  }

  // ---- the map ----

  function tileLayer(settings) {
    return L.tileLayer(settings.url, { attribution: settings.attribution, maxZoom: 19 });
  }

  async function startMap() {
    map = L.map("map", { zoomControl: true, minZoom: 2, maxZoom: 19, worldCopyJump: true });
    map.setView([20, 0], 2);
    try {
      const settings = await (await fetch("tiles.json")).json();
      tileLayer(settings).addTo(map);
    } catch (e) {
      say("no map tiles configured: " + e.message);
    }
    markers = L.layerGroup().addTo(map);
    map.on("moveend", () => state.auth && refresh());
  }

  // The viewport as the API's bbox: longitudes wrapped into -180..180 (a box crossing the 180th
  // meridian has minLng above maxLng, which the API accepts), latitudes clamped.
  function viewport() {
    const b = map.getBounds();
    const clampLat = (v) => Math.max(-90, Math.min(90, v));
    if (b.getEast() - b.getWest() >= 360) {
      return [-180, clampLat(b.getSouth()), 180, clampLat(b.getNorth())];
    }
    const wrap = (v) => L.Util.wrapNum(v, [-180, 180], true);
    return [wrap(b.getWest()), clampLat(b.getSouth()), wrap(b.getEast()), clampLat(b.getNorth())];
  }

  function withViewport(params) {
    const copy = new URLSearchParams(params);
    copy.set("bbox", viewport().map((v) => v.toFixed(6)).join(","));
    return copy;
  }

  // Zooms to where the vendor's listings are: the clusters of the whole world at a low zoom.
  async function showWholeVendor() {
    const params = filterParams();
    params.set("bbox", "-180,-85,180,85");
    params.set("zoom", "3");
    const world = (await api("/properties/clusters", params)).body;
    if (world.clusters.length === 0) {
      say("no listings match");
      refresh();
      return;
    }
    const bounds = L.latLngBounds([]);
    world.clusters.forEach((c) => {
      bounds.extend([c.bounds.minLat, c.bounds.minLng]);
      bounds.extend([c.bounds.maxLat, c.bounds.maxLng]);
    });
    const before = map.getBounds().toBBoxString() + map.getZoom();
    map.fitBounds(bounds, { maxZoom: 15 });
    if (map.getBounds().toBBoxString() + map.getZoom() === before) {
      refresh(); // the map did not move, so no moveend
    }
  }

  function money(value) {
    if (value === null || value === undefined) {
      return "–";
    }
    if (value >= 1e6) return "$" + (value / 1e6).toFixed(value >= 1e7 ? 0 : 1) + "M";
    if (value >= 1e3) return "$" + Math.round(value / 1e3) + "k";
    return "$" + value;
  }

  function drawClusters(answer) {
    markers.clearLayers();
    answer.clusters.forEach((c) => {
      if (c.mlsId !== undefined && c.count === 1) {
        const icon = L.divIcon({
          className: "",
          html: '<div class="kb-listing" data-mls-id="' + c.mlsId + '">' + money(c.minPrice) + "</div>",
          iconSize: null,
        });
        L.marker([c.lat, c.lng], { icon: icon, title: "listing " + c.mlsId })
          .on("click", () => openDetail(c.mlsId))
          .addTo(markers);
        return;
      }
      const size = Math.round(26 + 10 * Math.log10(c.count));
      const icon = L.divIcon({
        className: "",
        html:
          '<div class="kb-cluster" data-count="' + c.count + '" style="width:' + size +
          "px;height:" + size + 'px">' + c.count + "</div>",
        iconSize: [size, size],
      });
      const title = c.count + " listings, " + money(c.minPrice) + " to " + money(c.maxPrice);
      L.marker([c.lat, c.lng], { icon: icon, title: title })
        .on("click", () => {
          const b = c.bounds;
          if (b.minLat === b.maxLat && b.minLng === b.maxLng) {
            map.setView([c.lat, c.lng], Math.min(map.getZoom() + 3, map.getMaxZoom()));
          } else {
            map.fitBounds([[b.minLat, b.minLng], [b.maxLat, b.maxLng]], { padding: [30, 30] });
          }
        })
        .addTo(markers);
    });
  }

  // ---- what is in view: clusters, cards, charts ----

  async function refresh() {
    const seq = ++state.seq;
    document.body.dataset.state = "loading";
    const filters = filterParams();
    const inView = withViewport(filters);
    const clusterParams = new URLSearchParams(inView);
    clusterParams.set("zoom", String(map.getZoom()));
    const pageParams = new URLSearchParams(inView);
    pageParams.set("limit", String(CARDS));
    pageParams.set("count", "true");
    try {
      const [clusters, page, analytics] = await Promise.all([
        api("/properties/clusters", clusterParams),
        api("/properties", pageParams),
        api("/properties/analytics", inView),
      ]);
      if (seq !== state.seq) {
        return; // a newer view is on its way
      }
      $("total").textContent = clusters.body.totalCount.toLocaleString("en-US");
      $("total").dataset.count = clusters.body.totalCount;
      drawClusters(clusters.body);
      drawCards(page.body, Number(page.headers.get("X-Total-Count") || page.body.length));
      drawCharts(analytics.body);
      say("");
    } catch (e) {
      if (seq !== state.seq) {
        return;
      }
      say(e.message);
    }
    document.body.dataset.state = "ready";
    document.body.dataset.zoom = String(map.getZoom());
    document.body.dataset.refreshes = String(Number(document.body.dataset.refreshes) + 1);
  }

  function photo(url, alt) {
    if (!url) {
      const none = document.createElement("div");
      none.className = "photo-missing";
      none.textContent = "no photo";
      return none;
    }
    const img = document.createElement("img");
    img.alt = alt;
    img.loading = "lazy";
    img.src = url;
    img.addEventListener("error", () => img.replaceWith(photo(null, alt)), { once: true });
    return img;
  }

  function baths(p) {
    if (p.bathrooms !== null && p.bathrooms !== undefined) return p.bathrooms;
    const total = (p.bathsFull || 0) + (p.bathsThreeQuarter || 0) + 0.5 * (p.bathsHalf || 0);
    return total || null;
  }

  function addressOf(listing) {
    const a = listing.address || {};
    return [a.full, a.city, a.state].filter(Boolean).join(", ");
  }

  function drawCards(listings, total) {
    const cards = listings.map((listing) => {
      const p = listing.property || {};
      const card = document.createElement("div");
      card.className = "card";
      card.tabIndex = 0;
      card.dataset.mlsId = listing.mlsId;
      const text = document.createElement("div");
      const price = document.createElement("div");
      price.className = "price";
      price.textContent = money(listing.listPrice);
      const facts = document.createElement("div");
      facts.className = "facts";
      facts.textContent = [
        p.bedrooms != null ? p.bedrooms + " bd" : null,
        baths(p) != null ? baths(p) + " ba" : null,
        p.area != null ? p.area.toLocaleString("en-US") + " sq ft" : null,
        (listing.mls || {}).status,
      ].filter(Boolean).join(" · ");
      const where = document.createElement("div");
      where.className = "where";
      where.textContent = addressOf(listing);
      text.append(price, facts, where);
      card.append(photo((listing.photos || [])[0], "photo of " + addressOf(listing)), text);
      card.addEventListener("click", () => openDetail(listing.mlsId));
      card.addEventListener("keydown", (e) => e.key === "Enter" && openDetail(listing.mlsId));
      return card;
    });
    const head = document.createElement("p");
    head.className = "total";
    head.textContent =
      total > listings.length ? "The newest " + listings.length + " of " + total : total + " listings";
    $("cards").replaceChildren(head, ...cards);
  }

  // ---- charts (uPlot bars) ----

  function barChart(id, labels, counts) {
    const container = $(id);
    if (state.charts[id]) {
      state.charts[id].destroy();
    }
    container.dataset.labels = JSON.stringify(labels);
    container.dataset.counts = JSON.stringify(counts);
    const xs = labels.map((_, i) => i);
    const options = {
      width: Math.max(container.clientWidth, 200),
      height: 150,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.6, Math.max(labels.length, 1) - 0.4] },
        // Bars start at zero, or their heights would not compare.
        y: { range: (u, min, max) => [0, Math.max(max, 1) * 1.1] },
      },
      axes: [
        {
          splits: () => xs,
          values: (u, splits) => splits.map((i) => labels[i] || ""),
          rotate: labels.length > 4 ? -40 : 0,
          size: labels.length > 4 ? 60 : 30,
          font: "10px system-ui",
        },
        { font: "10px system-ui", size: 52 },
      ],
      series: [
        {},
        { label: "listings", fill: "rgba(31,111,209,.7)", stroke: "#1f6fd1",
          paths: uPlot.paths.bars({ size: [0.8, 60] }), points: { show: false } },
      ],
    };
    state.charts[id] = new uPlot(options, [xs, counts], container);
  }

  function drawCharts(a) {
    const buckets = a.priceHistogram || [];
    barChart("chart-price", buckets.map((b) => money(b.from)), buckets.map((b) => b.count));
    const statuses = Object.entries(a.statusDistribution || {});
    barChart("chart-status", statuses.map((e) => e[0]), statuses.map((e) => e[1]));
    const areas = Object.entries(a.areaDistribution || {})
      .sort((x, y) => y[1] - x[1])
      .slice(0, 8);
    barChart("chart-area", areas.map((e) => e[0]), areas.map((e) => e[1]));
  }

  // ---- the detail pane ----

  function table(rows) {
    const t = document.createElement("table");
    rows
      .filter((r) => r[1] !== null && r[1] !== undefined && r[1] !== "")
      .forEach(([name, value]) => {
        const tr = t.insertRow();
        const th = document.createElement("th");
        th.textContent = name;
        tr.append(th);
        tr.insertCell().textContent = String(value);
      });
    return t;
  }

  function heading(level, text) {
    const h = document.createElement("h" + level);
    h.textContent = text;
    return h;
  }

  async function openDetail(mlsId) {
    const pane = $("detail");
    const body = $("detail-body");
    pane.hidden = false;
    pane.dataset.mlsId = mlsId;
    body.replaceChildren(heading(2, "Listing " + mlsId + " …"));
    try {
      const listing = (await api("/properties/" + mlsId, new URLSearchParams("include=rooms"))).body;
      const extra = await Promise.all([
        api("/openhouses", new URLSearchParams({ listingId: listing.listingId })),
        agentOf(listing),
      ]);
      if (pane.dataset.mlsId !== String(mlsId)) {
        return;
      }
      showDetail(listing, extra[0].body, extra[1]);
    } catch (e) {
      body.replaceChildren(heading(2, "Listing " + mlsId), document.createTextNode(e.message));
    }
  }

  async function agentOf(listing) {
    const id = (listing.agent || {}).id;
    if (!id || !state.endpoints.includes("/agents")) {
      return null; // without the agents add-on the listing's own agent fields are all we have
    }
    const found = (await api("/agents", new URLSearchParams({ q: id }))).body;
    return found.find((a) => a.id === id) || null;
  }

  function showDetail(listing, openHouses, agent) {
    const p = listing.property || {};
    const mls = listing.mls || {};
    const photos = document.createElement("div");
    photos.className = "photos";
    const urls = listing.photos || [];
    photos.append(...(urls.length ? urls.slice(0, 12).map((u) => photo(u, "photo")) : [photo(null)]));
    const parts = [
      heading(2, money(listing.listPrice) + " · " + addressOf(listing)),
      photos,
      heading(3, "Facts"),
      table([
        ["MLS number", listing.listingId],
        ["Status", mls.status],
        ["Type", [p.type, p.subType].filter(Boolean).join(" / ")],
        ["Bedrooms", p.bedrooms],
        ["Baths", baths(p)],
        ["Living area", p.area != null ? p.area.toLocaleString("en-US") + " sq ft" : null],
        ["Lot", p.acres != null ? p.acres + " acres" : null],
        ["Year built", p.yearBuilt],
        ["Garage spaces", p.garageSpaces],
        ["Subdivision", p.subdivision],
        ["MLS area", mls.area],
        ["Days on market", mls.daysOnMarket],
        ["Listed", listing.listDate ? listing.listDate.slice(0, 10) : null],
        ["Interior", p.interiorFeatures],
        ["Exterior", p.exteriorFeatures],
      ]),
    ];
    if (listing.remarks) {
      const remarks = document.createElement("p");
      remarks.textContent = listing.remarks;
      parts.push(remarks);
    }
    const rooms = p.rooms || [];
    parts.push(heading(3, "Rooms (" + rooms.length + ")"));
    parts.push(table(rooms.map((r) => [r.typeText || r.type, [r.dimensions, r.level != null ? "level " + r.level : null].filter(Boolean).join(", ")])));
    parts.push(heading(3, "Open houses (" + openHouses.length + ")"));
    parts.push(table(openHouses.map((o) => [
      (o.startTime || "").replace("T", " ").slice(0, 16),
      [o.type, o.description].filter(Boolean).join(": ") || "open house",
    ])));
    parts.push(heading(3, "Agent"));
    const a = listing.agent || {};
    const who = agent || a;
    parts.push(table([
      ["Name", [who.firstName, who.lastName].filter(Boolean).join(" ")],
      ["Id", who.id],
      ["Email", (who.contact || {}).email],
      ["Office phone", (who.contact || {}).office],
      ["Office", (listing.office || {}).name || (listing.office || {}).brokerid],
    ]));
    $("detail-body").replaceChildren(...parts);
    document.querySelectorAll(".kb-listing.selected").forEach((e) => e.classList.remove("selected"));
    const marker = document.querySelector('.kb-listing[data-mls-id="' + listing.mlsId + '"]');
    if (marker) marker.classList.add("selected");
    $("detail").dataset.loaded = String(listing.mlsId);
  }

  // ---- wiring ----

  async function signIn(key, secret) {
    say("connecting…");
    try {
      await connect(key, secret);
      document.body.dataset.state = "connected";
      say("");
    } catch (e) {
      state.auth = null;
      document.body.dataset.state = "signed-out";
      say(e instanceof ApiError ? e.message : "could not reach the API: " + e.message);
    }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    await startMap();
    $("signin").addEventListener("submit", (e) => {
      e.preventDefault();
      signIn($("key").value, $("secret").value);
    });
    $("signout").addEventListener("click", signOut);
    $("vendor").addEventListener("change", (e) => useVendor(e.target.value).catch((x) => say(x.message)));
    $("filters").addEventListener("submit", (e) => {
      e.preventDefault();
      refresh();
    });
    $("filters").addEventListener("reset", () => setTimeout(refresh, 0));
    $("detail-close").addEventListener("click", () => {
      $("detail").hidden = true;
      delete $("detail").dataset.loaded;
    });
    const saved = JSON.parse(sessionStorage.getItem(CREDENTIALS) || "null");
    if (saved) {
      $("key").value = saved.key;
      $("secret").value = saved.secret;
      signIn(saved.key, saved.secret);
    }
  });
})();
