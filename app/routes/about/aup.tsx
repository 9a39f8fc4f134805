export default function Page() {
  return (
    <main id="main">
      <h1>aup</h1>
    </main>
  );
}
