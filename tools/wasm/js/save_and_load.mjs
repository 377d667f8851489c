// The classroom's "Save" and "Load" buttons (beside the text size controls):
// the whole database as a SQLite file (dynamini-classroom.db, which the
// native `dynamini --db FILE` opens too), downloaded, and loaded back from a
// file the learner picks. After a load every view shows the loaded data.
function button(id, label, title) {
  const b = document.createElement("button");
  b.id = id;
  b.textContent = label;
  b.title = title;
  return b;
}

function toast(text) {
  const t = document.getElementById("toast");
  if (!t) return;
  t.textContent = text;
  t.classList.add("show");
  setTimeout(() => t.classList.remove("show"), 3000);
}

export function addSaveAndLoad(engine) {
  const controls = document.querySelector(".view-controls");
  const save = button("db-save", "Save", "Save the whole database to a file");
  const load = button("db-load", "Load", "Load a database saved before");
  const picker = document.createElement("input");
  picker.type = "file";
  picker.id = "db-file";
  picker.accept = ".db,application/vnd.sqlite3";
  picker.hidden = true;
  save.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([engine.save()], { type: "application/vnd.sqlite3" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "dynamini-classroom.db";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast("Saved dynamini-classroom.db");
  });
  load.addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    try {
      engine.load(new Uint8Array(await file.arrayBuffer()));
      document.body.dataset.loaded = file.name;
      toast(`Loaded ${file.name}`);
      window.dispatchEvent(new HashChangeEvent("hashchange"));  // every view reads again
    } catch (e) {
      toast(`Not loaded: ${e.message}`);
    }
    picker.value = "";
  });
  controls.prepend(save, load, picker);
}
