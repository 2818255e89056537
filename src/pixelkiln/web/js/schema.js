// Reading /v2/openapi.json: operations by tag, $ref resolution, and what control a
// schema wants (the form builder asks `classify`).

/** Follow `$ref`s (local `#/...` pointers) until a plain schema is left. */
export function resolve(doc, schema) {
  let out = schema || {};
  for (let i = 0; i < 32 && out.$ref; i++) {
    const ref = out.$ref;
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((node, part) => (node ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), doc);
    // Keep the annotations written next to the $ref (description, default, title).
    const { $ref, ...extra } = out;
    out = { ...(target || {}), ...extra, refName: ref.split("/").pop() };
  }
  return out;
}

/** `anyOf: [X, {type: null}]` is an optional X: returns {schema: X (resolved), nullable}. */
export function unwrapNullable(doc, schema) {
  const s = resolve(doc, schema);
  const alts = s.anyOf || s.oneOf;
  if (alts && !s.discriminator) {
    const real = alts.filter((a) => a.type !== "null");
    if (real.length === 1 && real.length < alts.length) {
      const { anyOf, oneOf, ...outer } = s;
      const inner = resolve(doc, real[0]);
      return { schema: { ...inner, ...pick(outer, ["description", "default", "title"]) }, nullable: true };
    }
  }
  return { schema: s, nullable: false };
}

function pick(obj, keys) {
  const out = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}

/** Whether a schema is an image object: a Base64Image, or any object carrying a
 * `base64` string (the flat `{base64, width, height}` style image of Pro tiles). */
export function isImage(schema) {
  if (!schema || schema.type !== "object" || !schema.properties) return false;
  const b64 = schema.properties.base64;
  return Boolean(b64 && b64.type === "string");
}

/**
 * The control a (resolved, non-null) schema wants:
 * image | enum | const | boolean | integer | number | string | object | array | union | json.
 */
export function classify(doc, schema) {
  if (isImage(schema)) return "image";
  if (schema.const !== undefined) return "const";
  if (Array.isArray(schema.enum)) return "enum";
  if (schema.oneOf || schema.anyOf) return "union";
  switch (schema.type) {
    case "boolean":
    case "integer":
    case "number":
    case "string":
      return schema.type;
    case "object":
      return schema.properties ? "object" : "json";
    case "array":
      return "array";
    default:
      return "json";
  }
}

/** The alternatives of a discriminated union: [{tag, schema}], and the tag's property. */
export function unionChoices(doc, schema) {
  const alts = (schema.oneOf || schema.anyOf || []).map((a) => resolve(doc, a));
  const prop = schema.discriminator ? schema.discriminator.propertyName : null;
  return {
    property: prop,
    choices: alts.map((alt, i) => {
      const tagSchema = prop && alt.properties ? alt.properties[prop] : null;
      const tag = tagSchema ? tagSchema.const ?? (tagSchema.enum || [])[0] : alt.title || `option ${i + 1}`;
      return { tag: String(tag), schema: alt };
    }),
  };
}

/** Examples of a request schema: `examples` (a list) and/or `example`. */
export function examplesOf(schema) {
  const out = [];
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  if (schema.example && typeof schema.example === "object") out.push(schema.example);
  const seen = new Set();
  return out.filter((e) => {
    const k = JSON.stringify(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Every POST operation with a JSON body, grouped by tag in the document's tag order:
 * [{tag, description, ops: [{path, summary, description, schema}]}].
 */
export function operations(doc) {
  const groups = new Map();
  for (const tag of doc.tags || []) groups.set(tag.name, { tag: tag.name, description: tag.description, ops: [] });
  for (const [path, item] of Object.entries(doc.paths || {})) {
    const op = item.post;
    const content = op && op.requestBody && op.requestBody.content;
    const body = content && content["application/json"];
    if (!body) continue;
    const tag = (op.tags && op.tags[0]) || "Other";
    if (!groups.has(tag)) groups.set(tag, { tag, description: "", ops: [] });
    groups.get(tag).ops.push({
      path,
      summary: op.summary || path,
      description: op.description || "",
      schema: resolve(doc, body.schema),
      responses: Object.keys(op.responses || {}),
    });
  }
  return [...groups.values()].filter((g) => g.ops.length);
}

/** An operation's summary without "(async processing)" and alias notes. */
export function shortSummary(summary) {
  return String(summary).replace(/\s*\((async processing|older alias[^)]*)\)/, "");
}

/** A human label from a field name: "lower_base_tile_id" -> "lower base tile id". */
export function label(name) {
  return String(name).replace(/_/g, " ");
}

/** Deep equality of JSON values (for "is this still the default?"). */
export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
