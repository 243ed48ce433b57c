// Swagger UI over this server's own OpenAPI document (relative: it works behind a proxy's prefix).
// "Try it out" sends the requests from the browser with the key and secret typed under Authorize.
window.ui = SwaggerUIBundle({
  url: "../openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: false,
  validatorUrl: null
});
