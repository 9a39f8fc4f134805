import { z } from "zod";
import { type AiBinding, getConfig } from "~/server/config.server";

/** Turns a text from one language into another (ISO 639-1 codes). */
export interface Translator {
  translate(text: string, from: string, to: string): Promise<string>;
}

/** Meta's many-to-many model on Workers AI: `{ text, source_lang, target_lang }` → `{ translated_text }`. */
export const TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";

/** m2m100 reads at most ~1,000 tokens: longer texts go paragraph by paragraph, in pieces this long. */
const PIECE_LENGTH = 1_500;

const modelAnswer = z.object({ translated_text: z.string() });

/** Splits at blank lines, then lines, keeping each piece under PIECE_LENGTH where the text allows. */
export function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const line of text.split(/(?<=\n)/)) {
    if (current && current.length + line.length > PIECE_LENGTH) {
      pieces.push(current);
      current = "";
    }
    current += line;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The production translator: Cloudflare Workers AI (decision 150). */
export function workersAiTranslator(ai: AiBinding): Translator {
  async function translatePiece(piece: string, from: string, to: string) {
    // Whitespace around a piece (the newlines that join paragraphs) is kept as written.
    const [, lead = "", body = "", trail = ""] = piece.match(/^(\s*)([\s\S]*?)(\s*)$/) ?? [];
    if (!body) return piece;
    const answer = modelAnswer.parse(
      await ai.run(TRANSLATION_MODEL, { text: body, source_lang: from, target_lang: to }),
    );
    return `${lead}${answer.translated_text}${trail}`;
  }
  return {
    async translate(text, from, to) {
      const pieces = await Promise.all(piecesOf(text).map((piece) => translatePiece(piece, from, to)));
      return pieces.join("");
    },
  };
}

/**
 * The configured translator, or null: like Google sign-in (SPEC §1), translation is on only when
 * the deploy has the `AI` binding, and without it no "See translation" is shown anywhere.
 */
export function configuredTranslator(): Translator | null {
  const ai = getConfig().AI;
  return ai ? workersAiTranslator(ai) : null;
}
