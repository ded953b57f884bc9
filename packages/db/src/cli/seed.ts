// Seeds the demo data into DATABASE_URL. Running it twice changes nothing.
import { createPrisma } from '../client';
import { seedDemo } from '../seed/index';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const prisma = createPrisma(url, { max: 4 });
try {
  const summary = await seedDemo(prisma);
  console.log('Seeded demo data:', JSON.stringify(summary));
} finally {
  await prisma.$disconnect();
}
