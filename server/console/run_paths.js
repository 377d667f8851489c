// Reading a lesson's answer out of a pattern run (the JSON of POST
// /console/api/model/run): "calls.0.response.Count", "calls.-1.error.type"
// (negative: from the end), "total.read", "requests". A model's lessons name
// these paths; the console knows no model.

// The value at `path` in `root`, or undefined.
export function valueAt(root, path) {
  let value = root;
  for (const part of String(path).split(".")) {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value) && /^-?\d+$/.test(part)) {
      const i = Number(part);
      value = value[i < 0 ? value.length + i : i];
    } else {
      value = value[part];
    }
  }
  return value;
}

// The right answer of `answer` ({kind, from | compare, missing}) for `run`,
// as text: a value at a path ("missing" when absent), or, for compare
// [a, b], "same", "more" or "less" (b against a).
export function expectedAnswer(answer, run) {
  if (answer.compare) {
    const [a, b] = answer.compare.map((p) => Number(valueAt(run, p)));
    return a === b ? "same" : b > a ? "more" : "less";
  }
  const value = valueAt(run, answer.from);
  if (value === undefined || value === null) return String(answer.missing ?? "none");
  return String(value);
}

// Whether `given` (what the learner answered) is right.
export function isRight(answer, given, expected) {
  if (answer.kind === "number") return given !== "" && Number(given) === Number(expected);
  return String(given) === String(expected);
}
