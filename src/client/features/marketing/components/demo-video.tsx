/** Plays a configured demo video: a file in a <video>, YouTube or Vimeo in their players,
 * anything else as a link (some sites refuse to be framed). */
export function DemoVideo({ url }: { url: string }) {
  const embed = toEmbedUrl(url);
  if (/\.(mp4|webm|ogg)(\?.*)?$/i.test(url)) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the configured video is the operator's; captions are theirs to embed.
      <video src={url} controls className="aspect-video w-full rounded-lg bg-black" preload="metadata" />
    );
  }
  if (embed) {
    return (
      <iframe
        src={embed}
        title="Product demo video"
        className="aspect-video w-full rounded-lg border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        loading="lazy"
      />
    );
  }
  return (
    <p className="text-sm">
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-link underline">
        Open the demo video<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

function toEmbedUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== "https:") return null;
  const host = u.hostname.replace(/^www\./, "");
  if (host === "youtube.com" && u.searchParams.get("v"))
    return `https://www.youtube-nocookie.com/embed/${u.searchParams.get("v")}`;
  if (host === "youtu.be" && u.pathname.length > 1)
    return `https://www.youtube-nocookie.com/embed${u.pathname}`;
  if (host === "youtube.com" && u.pathname.startsWith("/embed/")) return u.toString();
  if (host === "vimeo.com" && /^\/\d+/.test(u.pathname)) return `https://player.vimeo.com/video${u.pathname}`;
  if (host === "player.vimeo.com") return u.toString();
  return null;
}
