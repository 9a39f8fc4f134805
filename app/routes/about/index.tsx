export default function Page() {
  return (
    <main id="main">
      <h1>index</h1>
    </main>
  );
}
