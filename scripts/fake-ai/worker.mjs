// A stand-in for the Workers AI binding (decision 150), for the integration and end-to-end tests:
// the app calls it exactly as it calls Workers AI, `env.AI.run(model, inputs)`, reached as a
// service binding to the `FakeAi` entrypoint (RPC), and it answers m2m100's shape:
// `{ text, source_lang, target_lang }` → `{ translated_text }`. Its "translation" is the text
// marked with both languages, so a test sees what was asked and that it came from here.
import { WorkerEntrypoint } from "cloudflare:workers";

const MODEL = "@cf/meta/m2m100-1.2b";

/** Every call, in order, for the tests (`FakeAiLog.calls()`); lives as long as the isolate. */
const calls = [];

export class FakeAi extends WorkerEntrypoint {
  async run(model, inputs) {
    // Workers AI answers an unknown model or a missing input with an error, not with text.
    if (model !== MODEL) throw new Error(`5007: No such model ${model} or task`);
    const { text, source_lang: from = "en", target_lang: to } = inputs ?? {};
    if (typeof text !== "string" || typeof to !== "string")
      throw new Error("5006: Error: required properties at '/' are 'text', 'target_lang'");
    calls.push({ model, text, source_lang: from, target_lang: to });
    return { translated_text: `[${from}→${to}] ${text}` };
  }
}

/** What the tests read: the calls the app made. */
export class FakeAiLog extends WorkerEntrypoint {
  async calls() {
    return calls.slice();
  }
}

export default {
  fetch() {
    return new Response("fake Workers AI: call env.AI.run(model, inputs)", { status: 404 });
  },
};
