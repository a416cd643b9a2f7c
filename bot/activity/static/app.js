// A placeholder until the page lands: it shows the server answers (docs/activity-api.md).
const main = document.getElementById("app");
main.textContent = "…";
