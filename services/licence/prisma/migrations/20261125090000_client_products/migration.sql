-- The products a client holds (its licences), what its owner may give its accounts.
-- CreateTable
CREATE TABLE "client_products" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_products_pkey" PRIMARY KEY ("client_uuid","product")
);

-- AddForeignKey
ALTER TABLE "client_products" ADD CONSTRAINT "client_products_client_uuid_fkey" FOREIGN KEY ("client_uuid") REFERENCES "clients"("uuid") ON DELETE CASCADE ON UPDATE CASCADE;
