type Props = {
  config: { adClient?: string; analytics?: { src: string; siteId?: string } };
};

/**
 * The ad service and the analytics script of SPEC §1. Each renders only when configured,
 * at the end of the body, `async`, so neither can delay the first paint.
 */
export function ThirdPartyScripts({ config }: Props) {
  return (
    <>
      {config.analytics ? (
        <script async defer src={config.analytics.src} data-site-id={config.analytics.siteId} />
      ) : null}
      {config.adClient ? (
        <script
          async
          src={`https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(config.adClient)}`}
          crossOrigin="anonymous"
        />
      ) : null}
    </>
  );
}
