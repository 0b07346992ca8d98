// Swagger UI at /schema, started from this file rather than an inline script (the CSP allows no inline
// script): the document is fetched from the same origin.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/schema/openapi.json",
    dom_id: "#swagger-container",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
});
