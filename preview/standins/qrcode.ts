import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The preview's stand-in for the platform's `vendor/qrcode.js`, the script a gift card page
// loads through `shopify_asset_url` to draw the card's QR code (the platform's gift card
// template docs: `new QRCode(element, { text, width, height })`). The platform serves the
// QRCode.js library; offline, the preview serves the same constructor and options over the
// qrcode-generator package (MIT, Kazuhiko Arase), so a code drawn here scans like the real one.
// The adapter below runs in the browser: it is served as its own source, so it must not use
// anything from outside its body but the library's global `qrcode`.

declare const qrcode: {
  (
    typeNumber: number,
    level: 'L' | 'M' | 'Q' | 'H',
  ): {
    addData(data: string, mode?: string): void;
    make(): void;
    getModuleCount(): number;
    isDark(row: number, col: number): boolean;
  };
  stringToBytes: unknown;
  stringToBytesFuncs: Record<string, unknown>;
};

function defineQrCode(): void {
  type Options = {
    text?: string;
    width?: number;
    height?: number;
    colorDark?: string;
    colorLight?: string;
    correctLevel?: number;
    imageAltText?: string;
  };
  // QRCode.js numbers the error correction levels as the QR standard encodes them.
  const LEVELS: Record<number, 'L' | 'M' | 'Q' | 'H'> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' };
  // The card code may hold any character; encode it as UTF-8, as QRCode.js does.
  qrcode.stringToBytes = qrcode.stringToBytesFuncs['UTF-8'];

  class QRCode {
    static CorrectLevel = { L: 1, M: 0, Q: 3, H: 2 };
    private readonly element: HTMLElement;
    private readonly options: Required<Omit<Options, 'text' | 'imageAltText'>> & Options;

    constructor(element: HTMLElement | string, options: Options | string) {
      const found = typeof element === 'string' ? document.getElementById(element) : element;
      if (!found) throw new Error('QRCode: no element to draw in');
      this.element = found;
      const given = typeof options === 'string' ? { text: options } : options;
      this.options = { width: 256, height: 256, colorDark: '#000000', colorLight: '#ffffff', correctLevel: QRCode.CorrectLevel.H, ...given };
      if (this.options.text) this.makeCode(this.options.text);
    }

    makeCode(text: string): void {
      const code = qrcode(0, LEVELS[this.options.correctLevel] ?? 'H');
      code.addData(text, 'Byte');
      code.make();
      const count = code.getModuleCount();
      const { width, height, colorDark, colorLight } = this.options;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return;
      context.fillStyle = colorLight;
      context.fillRect(0, 0, width, height);
      context.fillStyle = colorDark;
      const cellWidth = width / count;
      const cellHeight = height / count;
      for (let row = 0; row < count; row++) {
        for (let col = 0; col < count; col++) {
          if (!code.isDark(row, col)) continue;
          // Whole pixels on every edge, so neighbouring modules leave no hairline between them.
          const left = Math.round(col * cellWidth);
          const top = Math.round(row * cellHeight);
          context.fillRect(left, top, Math.round((col + 1) * cellWidth) - left, Math.round((row + 1) * cellHeight) - top);
        }
      }
      const image = document.createElement('img');
      image.src = canvas.toDataURL('image/png');
      image.width = width;
      image.height = height;
      image.alt = this.options.imageAltText ?? '';
      this.clear();
      this.element.title = text;
      this.element.append(image);
    }

    clear(): void {
      this.element.replaceChildren();
    }
  }
  (window as unknown as { QRCode: typeof QRCode }).QRCode = QRCode;
}

const require = createRequire(import.meta.url);
let served: string | null = null;

/** The script the preview serves for `'vendor/qrcode.js' | shopify_asset_url`. */
export function qrCodeStandinScript(): string {
  served ??= `(function () {\n${readFileSync(require.resolve('qrcode-generator'), 'utf8')}\n(${defineQrCode.toString()})();\n})();\n`;
  return served;
}
