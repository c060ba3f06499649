import { loadPdfJs, type PdfJs } from './load-pdfjs.js';
import { encodePng } from './png-encoder.js';

type PdfJsDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfJsPage = Awaited<ReturnType<PdfJsDocument['getPage']>>;

/** Rendering scale for OCR: 72 dpi × 3 ≈ 216 dpi, legible to Tesseract for body text. */
const OCR_SCALE = 3;
function channelsByImageKind({ ImageKind }: PdfJs): Record<number, number> {
  return {
    [ImageKind.GRAYSCALE_1BPP]: 1,
    [ImageKind.RGB_24BPP]: 3,
    [ImageKind.RGBA_32BPP]: 4,
  };
}

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A PDF opened with pdf.js (legacy build: Node ≥ 20.19, no native parts needed for text). */
export class PdfPages {
  private constructor(
    private readonly pdfjs: PdfJs,
    private readonly document: PdfJsDocument,
  ) {}

  static async open(bytes: Uint8Array): Promise<PdfPages> {
    const pdfjs = await loadPdfJs();
    const { getDocument, VerbosityLevel } = pdfjs;
    // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy.
    const task = getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: VerbosityLevel.ERRORS,
    });
    return new PdfPages(pdfjs, await task.promise);
  }

  get count(): number {
    return this.document.numPages;
  }

  /** The text layer of a page (1-based), lines kept. */
  async text(pageNumber: number): Promise<string> {
    const page = await this.document.getPage(pageNumber);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    return text;
  }

  /**
   * The page as PNG images for OCR: the whole page rendered when pdf.js finds its optional
   * canvas package (@napi-rs/canvas), else the images embedded in the page.
   */
  async images(pageNumber: number): Promise<Buffer[]> {
    const page = await this.document.getPage(pageNumber);
    const rendered = await this.render(page).catch(() => undefined);
    return rendered ? [rendered] : this.embeddedImages(page);
  }

  async close(): Promise<void> {
    await this.document.destroy();
  }

  private async render(page: PdfJsPage): Promise<Buffer> {
    const viewport = page.getViewport({ scale: OCR_SCALE });
    const factory = this.document.canvasFactory as {
      create(width: number, height: number): { canvas: unknown; context: unknown };
    };
    const { canvas, context } = factory.create(
      Math.ceil(viewport.width),
      Math.ceil(viewport.height),
    );
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    return (canvas as { toBuffer(type: string): Buffer }).toBuffer('image/png');
  }

  private async embeddedImages(page: PdfJsPage): Promise<Buffer[]> {
    const operators = await page.getOperatorList();
    const images: Buffer[] = [];
    const { OPS } = this.pdfjs;
    const channelsOf = channelsByImageKind(this.pdfjs);
    operators.fnArray.forEach((operator, index) => {
      if (operator !== OPS.paintImageXObject) return;
      const name = (operators.argsArray[index] as unknown[])[0] as string;
      const objects = name.startsWith('g_') ? page.commonObjs : page.objs;
      if (!objects.has(name)) return;
      const image = objects.get(name) as DecodedImage | null;
      const channels = image ? channelsOf[image.kind] : undefined;
      if (!image?.data || !channels) return;
      const pixels = new Uint8Array(
        image.data.buffer,
        image.data.byteOffset,
        image.data.byteLength,
      );
      images.push(encodePng(pixels, image.width, image.height, channels));
    });
    return images;
  }
}
